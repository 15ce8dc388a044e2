-- The demo catalogue (DESIGN: Data): 40 watches of the 17 brands on the brands page.
-- Images are committed SVG renderings in public/images/watches, drawn by scripts/generate-images.ts
-- from scripts/watch-art.ts (the slugs below must match it), so the shop works offline.
-- Special features the listing rules look for (case-sensitive substrings): 'nft_certified' and
-- 'Special Edition' (/featured, /crypto-editions), 'crypto', 'blockchain' and 'QR' (/crypto-editions).
-- Stock: most watches are one piece; the numbered special editions have a few left; the sold-out
-- ones none. Franck Muller is entirely sold out, so its brand card leads to /watches. created_at values are
-- distinct, so every ordering by created_at is well defined.
-- The collector's data (issue 50) is each reference's: a year it was made in, a grade on the
-- published scale (lib/catalog/collector.ts), box and papers, a warranty card dated when there are
-- papers, a service when one was done; case size, material and movement as the specs describe.

insert into public.watches
  (brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock,
   reference, production_year, production_year_circa, warranty_date, condition, box_papers, serviced_on, serviced_by,
   case_diameter_mm, case_material, movement_type, created_at)
values
  -- Rolex Cosmograph Daytona
  (
    'Rolex',
    'Cosmograph Daytona',
    'The chronograph that defined endurance racing, in Oystersteel with a black Cerachrom tachymetric bezel. A white lacquered dial with black counters keeps every elapsed second legible at a glance.',
    array['/images/watches/rolex-cosmograph-daytona-126500ln-1.svg', '/images/watches/rolex-cosmograph-daytona-126500ln-2.svg', '/images/watches/rolex-cosmograph-daytona-126500ln-3.svg'],
    32500.00, 232.14,
    '{"movement": "Rolex Calibre 4131, automatic chronograph, 72-hour power reserve", "case": "Oystersteel, screw-down pushers", "waterResistance": "100 m", "crystal": "Sapphire, anti-reflective", "strap": "Oyster bracelet, Oysterlock clasp", "nft_image": "/images/watches/rolex-cosmograph-daytona-126500ln-nft.svg"}'::jsonb,
    array['Automatic chronograph', 'Cerachrom tachymeter bezel', 'Superlative Chronometer', 'NFT certificate of authenticity'],
    true, 0,
    '126500LN', 2023, false, '2023-06-14', 'excellent', 'both', null, null,
    40, 'steel', 'automatic',
    now() - interval '5 hours'
  ),
  -- Omega Seamaster Diver 300M
  (
    'Omega',
    'Seamaster Diver 300M',
    'A modern classic of the deep, with a laser-engraved wave dial and a polished blue ceramic bezel. The helium escape valve and Master Chronometer movement make it as serious as it is handsome.',
    array['/images/watches/omega-seamaster-diver-300m-210-30-42-20-03-001-1.svg', '/images/watches/omega-seamaster-diver-300m-210-30-42-20-03-001-2.svg', '/images/watches/omega-seamaster-diver-300m-210-30-42-20-03-001-3.svg'],
    6100.00, 43.57,
    '{"movement": "Omega Co-Axial Master Chronometer Calibre 8800, automatic", "case": "Stainless steel, helium escape valve", "waterResistance": "300 m", "crystal": "Domed sapphire, anti-reflective", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/omega-seamaster-diver-300m-210-30-42-20-03-001-nft.svg"}'::jsonb,
    array['Special Edition of 50', 'Master Chronometer', 'Ceramic bezel insert', 'Helium escape valve', 'NFT certificate of authenticity'],
    true, 3,
    '210.30.42.20.03.001', 2021, false, '2021-09-03', 'unworn', 'both', null, null,
    42, 'steel', 'automatic',
    now() - interval '1 day'
  ),
  -- Patek Philippe Nautilus 5811/1G
  (
    'Patek Philippe',
    'Nautilus 5811/1G',
    'The porthole silhouette of 1976, recast in 18k white gold with a blue sunburst dial fading to black at the rim. Horizontal embossing catches the light with every turn of the wrist.',
    array['/images/watches/patek-philippe-nautilus-5811-1g-1.svg', '/images/watches/patek-philippe-nautilus-5811-1g-2.svg', '/images/watches/patek-philippe-nautilus-5811-1g-3.svg'],
    148000.00, 1057.14,
    '{"movement": "Calibre 26-330 S C, automatic, 45-hour power reserve", "case": "18k white gold", "waterResistance": "120 m", "crystal": "Sapphire, sapphire display back", "strap": "18k white gold integrated bracelet", "nft_image": "/images/watches/patek-philippe-nautilus-5811-1g-nft.svg"}'::jsonb,
    array['nft_certified', '18k white gold', 'Gradient blue dial', 'Patek Philippe Seal', 'NFT certificate of authenticity'],
    true, 1,
    '5811/1G-001', 2023, false, '2023-03-20', 'excellent', 'both', null, null,
    41, 'white-gold', 'automatic',
    now() - interval '1 day 19 hours'
  ),
  -- Audemars Piguet Royal Oak Selfwinding 41
  (
    'Audemars Piguet',
    'Royal Oak Selfwinding 41',
    'Gérald Genta’s octagon, eight hexagonal screws and all, in hand-finished stainless steel. The blue Grande Tapisserie dial is engine-turned to a fine, shimmering grid.',
    array['/images/watches/audemars-piguet-royal-oak-15510st-1.svg', '/images/watches/audemars-piguet-royal-oak-15510st-2.svg', '/images/watches/audemars-piguet-royal-oak-15510st-3.svg'],
    52000.00, 371.43,
    '{"movement": "Calibre 4302, automatic, 70-hour power reserve", "case": "Stainless steel, octagonal bezel with eight screws", "waterResistance": "50 m", "crystal": "Sapphire, glareproofed", "strap": "Integrated stainless steel bracelet", "nft_image": "/images/watches/audemars-piguet-royal-oak-15510st-nft.svg"}'::jsonb,
    array['nft_certified', 'Grande Tapisserie dial', 'Automatic movement', 'Sapphire caseback', 'NFT certificate of authenticity'],
    true, 1,
    '15510ST.OO.1320ST.06', 2022, false, '2022-11-08', 'very-good', 'both', null, null,
    41, 'steel', 'automatic',
    now() - interval '2 days 14 hours'
  ),
  -- Franck Muller Vanguard V 45 SC DT
  (
    'Franck Muller',
    'Vanguard V 45 SC DT',
    'The sporting tonneau of Genthod, with oversized numerals that curve with the case. A limited run for ORX collectors, fully reserved.',
    array['/images/watches/franck-muller-vanguard-v45-sc-dt-1.svg', '/images/watches/franck-muller-vanguard-v45-sc-dt-2.svg', '/images/watches/franck-muller-vanguard-v45-sc-dt-3.svg'],
    14900.00, 106.43,
    '{"movement": "Calibre FM 800, automatic, 42-hour power reserve", "case": "Stainless steel, curved tonneau", "waterResistance": "30 m", "crystal": "Curved sapphire", "strap": "Black rubber-lined alligator strap", "nft_image": "/images/watches/franck-muller-vanguard-v45-sc-dt-nft.svg"}'::jsonb,
    array['Special Edition of 20', 'Curved tonneau case', 'Automatic movement', 'NFT certificate of authenticity'],
    true, 0,
    'V 45 SC DT', 2017, false, null, 'good', 'box', '2023-02-10', 'independent',
    44, 'steel', 'automatic',
    now() - interval '3 days 9 hours'
  ),
  -- Cartier Santos de Cartier Large
  (
    'Cartier',
    'Santos de Cartier Large',
    'Born in 1904 for an aviator, the square Santos wears its screws with pride. A silvered opaline dial, blued sword hands and a bracelet that changes in seconds.',
    array['/images/watches/cartier-santos-de-cartier-wssa0018-1.svg', '/images/watches/cartier-santos-de-cartier-wssa0018-2.svg', '/images/watches/cartier-santos-de-cartier-wssa0018-3.svg'],
    7850.00, 56.07,
    '{"movement": "Calibre 1847 MC, automatic, 40-hour power reserve", "case": "Stainless steel, screwed bezel", "waterResistance": "100 m", "crystal": "Sapphire", "strap": "Steel bracelet with QuickSwitch and SmartLink", "nft_image": "/images/watches/cartier-santos-de-cartier-wssa0018-nft.svg"}'::jsonb,
    array['QR-linked provenance record', 'QuickSwitch interchangeable strap', 'Blue spinel cabochon crown', 'NFT certificate of authenticity'],
    true, 1,
    'WSSA0018', 2019, false, '2019-12-02', 'very-good', 'both', null, null,
    39.8, 'steel', 'automatic',
    now() - interval '4 days 4 hours'
  ),
  -- Hublot Big Bang Unico Titanium 42
  (
    'Hublot',
    'Big Bang Unico Titanium 42',
    'Satin-finished titanium wrapped around an openworked dial, so the in-house flyback chronograph is on full view. Six H-shaped screws lock the bezel to its sandwich case.',
    array['/images/watches/hublot-big-bang-unico-titanium-441-nx-1170-rx-1.svg', '/images/watches/hublot-big-bang-unico-titanium-441-nx-1170-rx-2.svg', '/images/watches/hublot-big-bang-unico-titanium-441-nx-1170-rx-3.svg'],
    22500.00, 160.71,
    '{"movement": "HUB1280 UNICO, automatic flyback chronograph, 72-hour power reserve", "case": "Satin-finished and polished titanium", "waterResistance": "100 m", "crystal": "Sapphire, anti-reflective", "strap": "Black structured rubber, titanium deployant clasp", "nft_image": "/images/watches/hublot-big-bang-unico-titanium-441-nx-1170-rx-nft.svg"}'::jsonb,
    array['nft_certified', 'Skeleton dial', 'Flyback chronograph', 'One Click strap system', 'NFT certificate of authenticity'],
    true, 1,
    '441.NX.1170.RX', 2020, false, '2020-07-15', 'excellent', 'both', null, null,
    42, 'titanium', 'automatic',
    now() - interval '4 days 23 hours'
  ),
  -- Tudor Black Bay Fifty-Eight
  (
    'Tudor',
    'Black Bay Fifty-Eight',
    'Gilt accents, snowflake hands and the proportions of 1958, in a case sized for every wrist. A manufacture chronometer beats behind the solid caseback.',
    array['/images/watches/tudor-black-bay-fifty-eight-m79030n-1.svg', '/images/watches/tudor-black-bay-fifty-eight-m79030n-2.svg', '/images/watches/tudor-black-bay-fifty-eight-m79030n-3.svg'],
    4150.00, 29.64,
    '{"movement": "Manufacture Calibre MT5402, automatic, 70-hour power reserve", "case": "Stainless steel", "waterResistance": "200 m", "crystal": "Domed sapphire", "strap": "Riveted steel bracelet", "nft_image": "/images/watches/tudor-black-bay-fifty-eight-m79030n-nft.svg"}'::jsonb,
    array['nft_certified', 'COSC chronometer', 'Unidirectional rotating bezel', 'NFT certificate of authenticity'],
    true, 1,
    'M79030N-0001', 2019, false, '2019-04-11', 'very-good', 'both', null, null,
    39, 'steel', 'automatic',
    now() - interval '5 days 18 hours'
  ),
  -- Omega Speedmaster Moonwatch Professional
  (
    'Omega',
    'Speedmaster Moonwatch Professional',
    'The chronograph that went to the Moon, with its stepped dial, Hesalite crystal and tachymeter bezel. Wound by hand, as it was in 1969.',
    array['/images/watches/omega-speedmaster-moonwatch-professional-1.svg', '/images/watches/omega-speedmaster-moonwatch-professional-2.svg', '/images/watches/omega-speedmaster-moonwatch-professional-3.svg'],
    7600.00, 54.29,
    '{"movement": "Omega Co-Axial Master Chronometer Calibre 3861, hand-wound chronograph", "case": "Stainless steel", "waterResistance": "50 m", "crystal": "Hesalite", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/omega-speedmaster-moonwatch-professional-nft.svg"}'::jsonb,
    array['nft_certified', 'Hand-wound chronograph', 'Flight-qualified by NASA', 'QR-linked provenance record', 'NFT certificate of authenticity'],
    true, 1,
    '310.30.42.50.01.002', 2021, false, '2021-05-27', 'good', 'both', '2025-03-18', 'manufacturer',
    42, 'steel', 'manual',
    now() - interval '6 days 13 hours'
  ),
  -- Rolex Submariner Date
  (
    'Rolex',
    'Submariner Date',
    'The reference diver since 1953, in Oystersteel with a black Cerachrom bezel and luminescent Chromalight markers. Quietly capable at three hundred metres and at the dinner table alike.',
    array['/images/watches/rolex-submariner-date-126610ln-1.svg', '/images/watches/rolex-submariner-date-126610ln-2.svg', '/images/watches/rolex-submariner-date-126610ln-3.svg'],
    13450.00, 96.07,
    '{"movement": "Rolex Calibre 3235, automatic, 70-hour power reserve", "case": "Oystersteel, Triplock winding crown", "waterResistance": "300 m", "crystal": "Sapphire, Cyclops lens over the date", "strap": "Oyster bracelet, Glidelock extension", "nft_image": "/images/watches/rolex-submariner-date-126610ln-nft.svg"}'::jsonb,
    array['nft_certified', 'Superlative Chronometer', 'Cerachrom bezel insert', 'Automatic movement', 'NFT certificate of authenticity'],
    true, 1,
    '126610LN', 2020, false, '2020-10-05', 'unworn', 'both', null, null,
    41, 'steel', 'automatic',
    now() - interval '7 days 8 hours'
  ),
  -- TAG Heuer Monaco Chronograph
  (
    'TAG Heuer',
    'Monaco Chronograph',
    'The first square water-resistant chronograph, made famous on the big screen at Le Mans. A blue sunray dial, and the in-house Heuer 02 behind glass.',
    array['/images/watches/tag-heuer-monaco-cbl2111-fc6453-1.svg', '/images/watches/tag-heuer-monaco-cbl2111-fc6453-2.svg', '/images/watches/tag-heuer-monaco-cbl2111-fc6453-3.svg'],
    7350.00, 52.50,
    '{"movement": "TAG Heuer Calibre Heuer 02, automatic chronograph, 80-hour power reserve", "case": "Stainless steel, square", "waterResistance": "100 m", "crystal": "Domed sapphire", "strap": "Blue alligator leather strap", "nft_image": "/images/watches/tag-heuer-monaco-cbl2111-fc6453-nft.svg"}'::jsonb,
    array['Special Edition of 25', 'Square chronograph case', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 2,
    'CBL2111.FC6453', 2021, false, '2021-02-16', 'unworn', 'both', null, null,
    39, 'steel', 'automatic',
    now() - interval '8 days 3 hours'
  ),
  -- Breitling Navitimer B01 Chronograph 43
  (
    'Breitling',
    'Navitimer B01 Chronograph 43',
    'The pilot’s chronograph with a circular slide rule, a tool for calculating fuel, speed and distance at altitude. Black dial, silvered counters and the manufacture B01 inside.',
    array['/images/watches/breitling-navitimer-b01-chronograph-43-1.svg', '/images/watches/breitling-navitimer-b01-chronograph-43-2.svg', '/images/watches/breitling-navitimer-b01-chronograph-43-3.svg'],
    9350.00, 66.79,
    '{"movement": "Breitling Manufacture Calibre 01, automatic chronograph, 70-hour power reserve", "case": "Stainless steel", "waterResistance": "30 m", "crystal": "Sapphire, display caseback", "strap": "Stainless steel Navitimer bracelet", "nft_image": "/images/watches/breitling-navitimer-b01-chronograph-43-nft.svg"}'::jsonb,
    array['Special Edition of 100', 'Circular slide rule', 'COSC chronometer', 'NFT certificate of authenticity'],
    false, 5,
    'AB0138211B1A1', 2022, false, '2022-08-30', 'unworn', 'both', null, null,
    43, 'steel', 'automatic',
    now() - interval '8 days 22 hours'
  ),
  -- IWC Schaffhausen Portugieser Chronograph
  (
    'IWC Schaffhausen',
    'Portugieser Chronograph',
    'Railway-track minutes, feuille hands and vertical counters on a deep blue dial. Few chronographs are this restrained, or this easy to read.',
    array['/images/watches/iwc-portugieser-chronograph-iw371605-1.svg', '/images/watches/iwc-portugieser-chronograph-iw371605-2.svg'],
    8600.00, 61.43,
    '{"movement": "IWC Calibre 69355, automatic chronograph, 46-hour power reserve", "case": "Stainless steel", "waterResistance": "30 m", "crystal": "Convex sapphire, display caseback", "strap": "Blue alligator leather strap", "nft_image": "/images/watches/iwc-portugieser-chronograph-iw371605-nft.svg"}'::jsonb,
    array['QR-linked service passport', 'Vertical chronograph counters', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    'IW371605', 2016, false, '2016-08-19', 'good', 'both', '2022-05-04', 'manufacturer',
    41, 'steel', 'automatic',
    now() - interval '9 days 17 hours'
  ),
  -- Chopard Alpine Eagle Large
  (
    'Chopard',
    'Alpine Eagle Large',
    'Recycled Lucent Steel, harder and brighter than ordinary steel, around an Aletsch Blue dial textured like an eagle’s iris. Certified chronometer, integrated bracelet.',
    array['/images/watches/chopard-alpine-eagle-large-298600-3001-1.svg', '/images/watches/chopard-alpine-eagle-large-298600-3001-2.svg'],
    14600.00, 104.29,
    '{"movement": "Chopard Calibre 01.01-C, automatic, 60-hour power reserve", "case": "Lucent Steel A223", "waterResistance": "100 m", "crystal": "Sapphire, anti-reflective", "strap": "Integrated Lucent Steel bracelet", "nft_image": "/images/watches/chopard-alpine-eagle-large-298600-3001-nft.svg"}'::jsonb,
    array['COSC chronometer', 'Recycled Lucent Steel', 'Textured iris dial', 'NFT certificate of authenticity'],
    false, 1,
    '298600-3001', 2020, false, '2020-11-23', 'excellent', 'both', null, null,
    41, 'steel', 'automatic',
    now() - interval '10 days 12 hours'
  ),
  -- Glashütte Original PanoMaticLunar
  (
    'Glashütte Original',
    'PanoMaticLunar',
    'An asymmetric dial in the golden-ratio tradition of Saxony: off-centre hours, a panorama date and a moon phase in perfect balance. Blued hands on a silver-grained dial.',
    array['/images/watches/glashutte-original-panomaticlunar-1-90-02-42-32-61-1.svg', '/images/watches/glashutte-original-panomaticlunar-1-90-02-42-32-61-2.svg'],
    10900.00, 77.86,
    '{"movement": "Calibre 90-02, automatic, 42-hour power reserve", "case": "Stainless steel", "waterResistance": "50 m", "crystal": "Sapphire, display caseback", "strap": "Brown Louisiana alligator strap", "nft_image": "/images/watches/glashutte-original-panomaticlunar-1-90-02-42-32-61-nft.svg"}'::jsonb,
    array['Panorama date', 'Moon phase', 'Off-centre dial', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    '1-90-02-42-32-61', 2018, false, '2018-04-09', 'very-good', 'papers', null, null,
    40, 'steel', 'automatic',
    now() - interval '11 days 7 hours'
  ),
  -- NOMOS Glashütte Club Sport neomatik 42 date
  (
    'NOMOS Glashütte',
    'Club Sport neomatik 42 date',
    'A Bauhaus sports watch in steel with an ultra-thin automatic calibre of its own. Luminous numerals, small seconds and a date that switches forwards and backwards.',
    array['/images/watches/nomos-glashutte-club-sport-neomatik-42-date-1.svg', '/images/watches/nomos-glashutte-club-sport-neomatik-42-date-2.svg'],
    4020.00, 28.71,
    '{"movement": "NOMOS Calibre DUW 6101, automatic, 42-hour power reserve", "case": "Stainless steel", "waterResistance": "300 m", "crystal": "Sapphire, display caseback", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/nomos-glashutte-club-sport-neomatik-42-date-nft.svg"}'::jsonb,
    array['QR-coded warranty card', 'In-house neomatik calibre', 'Swing system escapement', 'NFT certificate of authenticity'],
    false, 1,
    '782', 2021, false, '2021-07-01', 'excellent', 'both', null, null,
    42, 'steel', 'automatic',
    now() - interval '12 days 2 hours'
  ),
  -- Longines Spirit Zulu Time 42
  (
    'Longines',
    'Spirit Zulu Time 42',
    'A true GMT for the modern aviator: the local hour hand jumps independently while the gold-tipped arrow keeps home time on the ceramic 24-hour bezel. Chronometer certified.',
    array['/images/watches/longines-spirit-zulu-time-l3-812-4-63-6-1.svg', '/images/watches/longines-spirit-zulu-time-l3-812-4-63-6-2.svg'],
    3450.00, 24.64,
    '{"movement": "Longines Calibre L844.4, automatic GMT, 72-hour power reserve", "case": "Stainless steel", "waterResistance": "100 m", "crystal": "Domed sapphire", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/longines-spirit-zulu-time-l3-812-4-63-6-nft.svg"}'::jsonb,
    array['COSC chronometer', 'True GMT function', 'Silicon balance spring', 'NFT certificate of authenticity'],
    false, 1,
    'L3.812.4.63.6', 2022, false, '2022-10-12', 'unworn', 'both', null, null,
    42, 'steel', 'automatic',
    now() - interval '12 days 21 hours'
  ),
  -- Rado Captain Cook High-Tech Ceramic
  (
    'Rado',
    'Captain Cook High-Tech Ceramic',
    'A diver carved from monobloc high-tech ceramic: light, warm on the skin and practically scratch-proof. The sunray dial and concave bezel glow under any light.',
    array['/images/watches/rado-captain-cook-high-tech-ceramic-r32127152-1.svg', '/images/watches/rado-captain-cook-high-tech-ceramic-r32127152-2.svg'],
    3850.00, 27.50,
    '{"movement": "Rado Calibre R808, automatic, 80-hour power reserve", "case": "Black high-tech ceramic, monobloc", "waterResistance": "300 m", "crystal": "Sapphire, anti-reflective", "strap": "High-tech ceramic bracelet", "nft_image": "/images/watches/rado-captain-cook-high-tech-ceramic-r32127152-nft.svg"}'::jsonb,
    array['Engraved crypto wallet caseback', 'Monobloc ceramic case', 'Nivachron hairspring', 'NFT certificate of authenticity'],
    false, 1,
    'R32127152', 2021, false, '2021-06-22', 'very-good', 'both', null, null,
    43, 'ceramic', 'automatic',
    now() - interval '13 days 16 hours'
  ),
  -- Oris Aquis Date Calibre 400
  (
    'Oris',
    'Aquis Date Calibre 400',
    'A purposeful diver in forest green, powered by an in-house calibre with five days of reserve and a ten-year warranty. Resistant to magnetism, built for a lifetime.',
    array['/images/watches/oris-aquis-date-calibre-400-1.svg', '/images/watches/oris-aquis-date-calibre-400-2.svg'],
    3500.00, 25.00,
    '{"movement": "Oris Calibre 400, automatic, 120-hour power reserve", "case": "Stainless steel", "waterResistance": "300 m", "crystal": "Domed sapphire", "strap": "Stainless steel bracelet with quick-adjust clasp", "nft_image": "/images/watches/oris-aquis-date-calibre-400-nft.svg"}'::jsonb,
    array['120-hour power reserve', 'Anti-magnetic silicon escapement', 'Ceramic bezel insert', 'NFT certificate of authenticity'],
    false, 1,
    '01 400 7763 4157-07 8 22 09PEB', 2020, false, null, 'good', 'box', null, null,
    43.5, 'steel', 'automatic',
    now() - interval '14 days 11 hours'
  ),
  -- Rolex GMT-Master II
  (
    'Rolex',
    'GMT-Master II',
    'Two time zones in red and blue Cerachrom, the pairing pilots have called “Pepsi” since 1955. Set on the supple five-piece Jubilee bracelet.',
    array['/images/watches/rolex-gmt-master-ii-126710blro-1.svg', '/images/watches/rolex-gmt-master-ii-126710blro-2.svg'],
    21800.00, 155.71,
    '{"movement": "Rolex Calibre 3285, automatic GMT, 70-hour power reserve", "case": "Oystersteel", "waterResistance": "100 m", "crystal": "Sapphire, Cyclops lens over the date", "strap": "Jubilee bracelet, Oysterclasp", "nft_image": "/images/watches/rolex-gmt-master-ii-126710blro-nft.svg"}'::jsonb,
    array['Two-colour Cerachrom bezel', 'Second time zone', 'Superlative Chronometer', 'NFT certificate of authenticity'],
    false, 1,
    '126710BLRO', 2019, false, '2019-09-17', 'very-good', 'both', null, null,
    40, 'steel', 'automatic',
    now() - interval '15 days 6 hours'
  ),
  -- Patek Philippe Aquanaut 5167A
  (
    'Patek Philippe',
    'Aquanaut 5167A',
    'The Nautilus’s relaxed younger sibling, with an embossed black dial and a tropical composite strap. Discreet, comfortable and impossibly hard to find.',
    array['/images/watches/patek-philippe-aquanaut-5167a-1.svg', '/images/watches/patek-philippe-aquanaut-5167a-2.svg'],
    62000.00, 442.86,
    '{"movement": "Calibre 324 S C, automatic, 45-hour power reserve", "case": "Stainless steel", "waterResistance": "120 m", "crystal": "Sapphire, sapphire display back", "strap": "Black tropical composite strap, fold-over clasp", "nft_image": "/images/watches/patek-philippe-aquanaut-5167a-nft.svg"}'::jsonb,
    array['On-chain blockchain registry', 'Embossed dial', 'Patek Philippe Seal', 'NFT certificate of authenticity'],
    false, 1,
    '5167A-001', 2011, false, '2011-05-06', 'good', 'both', '2021-03-15', 'manufacturer',
    40.8, 'steel', 'automatic',
    now() - interval '16 days 1 hour'
  ),
  -- Audemars Piguet Royal Oak Offshore Selfwinding Chronograph 43
  (
    'Audemars Piguet',
    'Royal Oak Offshore Selfwinding Chronograph 43',
    'The Offshore in black ceramic, every facet hand-finished in a material harder than steel. A Méga Tapisserie dial and an integrated flyback chronograph.',
    array['/images/watches/audemars-piguet-royal-oak-offshore-26420ce-1.svg', '/images/watches/audemars-piguet-royal-oak-offshore-26420ce-2.svg'],
    72000.00, 514.29,
    '{"movement": "Calibre 4401, automatic flyback chronograph, 70-hour power reserve", "case": "Black ceramic, titanium caseback", "waterResistance": "100 m", "crystal": "Sapphire, glareproofed", "strap": "Black rubber, interchangeable", "nft_image": "/images/watches/audemars-piguet-royal-oak-offshore-26420ce-nft.svg"}'::jsonb,
    array['Presented in a crypto cold-storage case', 'Black ceramic case', 'Flyback chronograph', 'Méga Tapisserie dial', 'NFT certificate of authenticity'],
    false, 1,
    '26420CE.OO.A127CE.01', 2022, false, '2022-04-28', 'excellent', 'both', null, null,
    43, 'ceramic', 'automatic',
    now() - interval '16 days 20 hours'
  ),
  -- Cartier Tank Louis Cartier Large
  (
    'Cartier',
    'Tank Louis Cartier Large',
    'Louis Cartier’s own favourite, drawn in 1922: softened brancards in rose gold and a silvered dial with Roman numerals. Hand-wound, slender and timeless.',
    array['/images/watches/cartier-tank-louis-cartier-wgta0011-1.svg', '/images/watches/cartier-tank-louis-cartier-wgta0011-2.svg'],
    11600.00, 82.86,
    '{"movement": "Calibre 1917 MC, hand-wound, 38-hour power reserve", "case": "18k rose gold", "waterResistance": "30 m", "crystal": "Sapphire", "strap": "Dark brown alligator leather, ardillon buckle", "nft_image": "/images/watches/cartier-tank-louis-cartier-wgta0011-nft.svg"}'::jsonb,
    array['18k rose gold', 'Hand-wound movement', 'Sapphire cabochon crown', 'NFT certificate of authenticity'],
    false, 1,
    'WGTA0011', 2019, false, '2019-02-14', 'very-good', 'both', null, null,
    33.7, 'rose-gold', 'manual',
    now() - interval '17 days 15 hours'
  ),
  -- TAG Heuer Carrera Chronograph Glassbox
  (
    'TAG Heuer',
    'Carrera Chronograph Glassbox',
    'A domed sapphire crystal sweeps over the tachymeter scale, as on the racing Carreras of the 1970s. Blue sunray dial, three counters, a slim 39 millimetres.',
    array['/images/watches/tag-heuer-carrera-glassbox-cbs2210-fc6534-1.svg', '/images/watches/tag-heuer-carrera-glassbox-cbs2210-fc6534-2.svg'],
    6650.00, 47.50,
    '{"movement": "TAG Heuer Calibre TH20-00, automatic chronograph, 80-hour power reserve", "case": "Stainless steel", "waterResistance": "100 m", "crystal": "Glassbox domed sapphire", "strap": "Brown calfskin leather strap", "nft_image": "/images/watches/tag-heuer-carrera-glassbox-cbs2210-fc6534-nft.svg"}'::jsonb,
    array['Glassbox domed sapphire', 'Automatic chronograph', '80-hour power reserve', 'NFT certificate of authenticity'],
    false, 1,
    'CBS2210.FC6534', 2023, false, '2023-11-03', 'unworn', 'both', null, null,
    39, 'steel', 'automatic',
    now() - interval '18 days 10 hours'
  ),
  -- Tudor Pelagos 39
  (
    'Tudor',
    'Pelagos 39',
    'A titanium diver stripped to essentials: no date, a ceramic bezel and lume everywhere it matters. Light on the wrist, unbothered by the sea.',
    array['/images/watches/tudor-pelagos-39-m25407n-1.svg', '/images/watches/tudor-pelagos-39-m25407n-2.svg'],
    4950.00, 35.36,
    '{"movement": "Manufacture Calibre MT5400, automatic, 70-hour power reserve", "case": "Grade 2 titanium", "waterResistance": "200 m", "crystal": "Sapphire", "strap": "Titanium bracelet with T-fit clasp", "nft_image": "/images/watches/tudor-pelagos-39-m25407n-nft.svg"}'::jsonb,
    array['Titanium case', 'COSC chronometer', 'Ceramic bezel insert', 'NFT certificate of authenticity'],
    false, 1,
    'M25407N-0001', 2023, false, '2023-08-21', 'excellent', 'both', null, null,
    39, 'titanium', 'automatic',
    now() - interval '19 days 5 hours'
  ),
  -- Hublot Classic Fusion Titanium 42
  (
    'Hublot',
    'Classic Fusion Titanium 42',
    'The quiet side of Hublot: satin titanium, a black sunray dial and a rubber strap that disappears on the wrist. Six H screws, nothing more.',
    array['/images/watches/hublot-classic-fusion-titanium-542-nx-1171-rx-1.svg', '/images/watches/hublot-classic-fusion-titanium-542-nx-1171-rx-2.svg'],
    8600.00, 61.43,
    '{"movement": "HUB1112, automatic, 42-hour power reserve", "case": "Satin-finished titanium", "waterResistance": "50 m", "crystal": "Sapphire, anti-reflective", "strap": "Black lined rubber strap", "nft_image": "/images/watches/hublot-classic-fusion-titanium-542-nx-1171-rx-nft.svg"}'::jsonb,
    array['Presentation box for crypto collectors', 'Titanium case', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    '542.NX.1171.RX', 2018, false, '2018-03-05', 'good', 'papers', null, null,
    42, 'titanium', 'automatic',
    now() - interval '20 days'
  ),
  -- IWC Schaffhausen Big Pilot’s Watch 43
  (
    'IWC Schaffhausen',
    'Big Pilot’s Watch 43',
    'The cockpit instrument of the 1940s, brought down to a wearable 43 millimetres. A conical crown made for gloved hands, and a dial you can read in the dark.',
    array['/images/watches/iwc-big-pilots-watch-43-iw329301-1.svg', '/images/watches/iwc-big-pilots-watch-43-iw329301-2.svg'],
    10200.00, 72.86,
    '{"movement": "IWC Calibre 82100, automatic, 60-hour power reserve", "case": "Stainless steel", "waterResistance": "100 m", "crystal": "Convex sapphire, anti-reflective", "strap": "Brown calfskin, EasX-CHANGE system", "nft_image": "/images/watches/iwc-big-pilots-watch-43-iw329301-nft.svg"}'::jsonb,
    array['Conical winding crown', 'Pellaton automatic winding', 'Soft-iron inner case', 'NFT certificate of authenticity'],
    false, 0,
    'IW329301', 2021, false, '2021-12-10', 'excellent', 'both', null, null,
    43, 'steel', 'automatic',
    now() - interval '20 days 19 hours'
  ),
  -- Omega Seamaster Aqua Terra 150M
  (
    'Omega',
    'Seamaster Aqua Terra 150M',
    'Vertical teak lines recall the decks of luxury sailing yachts. Resistant to magnetic fields of 15,000 gauss, at home on land and at sea.',
    array['/images/watches/omega-seamaster-aqua-terra-150m-220-10-41-21-03-004-1.svg', '/images/watches/omega-seamaster-aqua-terra-150m-220-10-41-21-03-004-2.svg'],
    6700.00, 47.86,
    '{"movement": "Omega Co-Axial Master Chronometer Calibre 8900, automatic, 60-hour power reserve", "case": "Stainless steel", "waterResistance": "150 m", "crystal": "Domed sapphire, display caseback", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/omega-seamaster-aqua-terra-150m-220-10-41-21-03-004-nft.svg"}'::jsonb,
    array['Master Chronometer', 'Teak-pattern dial', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    '220.10.41.21.03.004', 2019, false, '2019-07-26', 'very-good', 'both', null, null,
    41, 'steel', 'automatic',
    now() - interval '21 days 14 hours'
  ),
  -- Breitling Superocean Heritage B20 Automatic 42
  (
    'Breitling',
    'Superocean Heritage B20 Automatic 42',
    'A 1957 diving icon reissued with a ceramic bezel and a fine Milanese mesh bracelet. The broad-arrow hour hand points straight back to its origins.',
    array['/images/watches/breitling-superocean-heritage-b20-automatic-42-1.svg', '/images/watches/breitling-superocean-heritage-b20-automatic-42-2.svg'],
    5150.00, 36.79,
    '{"movement": "Breitling Manufacture Calibre B20, automatic, 70-hour power reserve", "case": "Stainless steel", "waterResistance": "200 m", "crystal": "Domed sapphire", "strap": "Milanese mesh bracelet", "nft_image": "/images/watches/breitling-superocean-heritage-b20-automatic-42-nft.svg"}'::jsonb,
    array['COSC chronometer', 'Milanese mesh bracelet', 'Ceramic bezel insert', 'NFT certificate of authenticity'],
    false, 1,
    'AB2010121B1A1', 2018, false, null, 'good', 'box', '2023-09-12', 'independent',
    42, 'steel', 'automatic',
    now() - interval '22 days 9 hours'
  ),
  -- Franck Muller Cintrée Curvex Color Dreams
  (
    'Franck Muller',
    'Cintrée Curvex Color Dreams',
    'The curved tonneau that made Franck Muller’s name, in rose gold with painted numerals in every colour of a summer evening. Playful, precise and entirely reserved.',
    array['/images/watches/franck-muller-cintree-curvex-color-dreams-8880-sc-dt-1.svg', '/images/watches/franck-muller-cintree-curvex-color-dreams-8880-sc-dt-2.svg'],
    24800.00, 177.14,
    '{"movement": "Calibre FM 2800, automatic, 42-hour power reserve", "case": "18k rose gold, curved tonneau", "waterResistance": "30 m", "crystal": "Curved sapphire", "strap": "Brown alligator leather strap", "nft_image": "/images/watches/franck-muller-cintree-curvex-color-dreams-8880-sc-dt-nft.svg"}'::jsonb,
    array['18k rose gold', 'Colour numeral dial', 'Curved tonneau case', 'NFT certificate of authenticity'],
    false, 0,
    '8880 SC DT COL DRM', 2000, true, null, 'fair', 'neither', '2020-06-01', 'independent',
    39.5, 'rose-gold', 'automatic',
    now() - interval '23 days 4 hours'
  ),
  -- Patek Philippe Calatrava 5227G
  (
    'Patek Philippe',
    'Calatrava 5227G',
    'The purest expression of the round wristwatch: an ivory lacquered dial, dauphine hands and a hidden hinged dust cover over the movement. Dressed in white gold.',
    array['/images/watches/patek-philippe-calatrava-5227g-1.svg', '/images/watches/patek-philippe-calatrava-5227g-2.svg'],
    37900.00, 270.71,
    '{"movement": "Calibre 324 S C, automatic, 45-hour power reserve", "case": "18k white gold, hinged dust cover", "waterResistance": "30 m", "crystal": "Sapphire, sapphire display back", "strap": "Black alligator, fold-over clasp", "nft_image": "/images/watches/patek-philippe-calatrava-5227g-nft.svg"}'::jsonb,
    array['18k white gold', 'Ivory lacquered dial', 'Patek Philippe Seal', 'NFT certificate of authenticity'],
    false, 0,
    '5227G-010', 2015, false, '2015-10-02', 'very-good', 'both', '2024-01-18', 'manufacturer',
    39, 'white-gold', 'automatic',
    now() - interval '23 days 23 hours'
  ),
  -- NOMOS Glashütte Tangente 38
  (
    'NOMOS Glashütte',
    'Tangente 38',
    'A slender, hand-wound Bauhaus classic with a galvanised white dial and tempered blue hands. Made in Glashütte, down to the balance spring.',
    array['/images/watches/nomos-glashutte-tangente-38-1.svg', '/images/watches/nomos-glashutte-tangente-38-2.svg'],
    2240.00, 16.00,
    '{"movement": "NOMOS Calibre Alpha, hand-wound, 43-hour power reserve", "case": "Stainless steel", "waterResistance": "30 m", "crystal": "Sapphire, display caseback", "strap": "Horween Genuine Shell Cordovan", "nft_image": "/images/watches/nomos-glashutte-tangente-38-nft.svg"}'::jsonb,
    array['Hand-wound movement', 'Tempered blue hands', 'Display caseback', 'NFT certificate of authenticity'],
    false, 1,
    '164', 2016, false, '2016-05-13', 'good', 'papers', null, null,
    37.5, 'steel', 'manual',
    now() - interval '24 days 18 hours'
  ),
  -- Longines Master Collection Moonphase
  (
    'Longines',
    'Master Collection Moonphase',
    'A barleycorn silver dial with blued hands, a moon phase at six and the date on a crescent-tipped pointer. Classical watchmaking at a gentle price.',
    array['/images/watches/longines-master-collection-moonphase-l2-909-4-78-3-1.svg', '/images/watches/longines-master-collection-moonphase-l2-909-4-78-3-2.svg'],
    2850.00, 20.36,
    '{"movement": "Longines Calibre L899.5, automatic, 72-hour power reserve", "case": "Stainless steel", "waterResistance": "30 m", "crystal": "Sapphire, anti-reflective, display caseback", "strap": "Brown alligator leather strap", "nft_image": "/images/watches/longines-master-collection-moonphase-l2-909-4-78-3-nft.svg"}'::jsonb,
    array['Moon phase', 'Pointer date', 'Barleycorn dial', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    'L2.909.4.78.3', 2017, false, '2017-09-08', 'very-good', 'both', null, null,
    40, 'steel', 'automatic',
    now() - interval '25 days 13 hours'
  ),
  -- Glashütte Original Seventies Chronograph Panorama Date
  (
    'Glashütte Original',
    'Seventies Chronograph Panorama Date',
    'A cushion case straight out of 1970s design, with a blue dégradé dial that darkens towards its rounded corners. A flyback chronograph built and finished in Saxony.',
    array['/images/watches/glashutte-original-seventies-chronograph-panorama-date-1.svg', '/images/watches/glashutte-original-seventies-chronograph-panorama-date-2.svg'],
    13600.00, 97.14,
    '{"movement": "Calibre 37-02, automatic flyback chronograph, 70-hour power reserve", "case": "Stainless steel, cushion", "waterResistance": "100 m", "crystal": "Sapphire, display caseback", "strap": "Stainless steel bracelet", "nft_image": "/images/watches/glashutte-original-seventies-chronograph-panorama-date-nft.svg"}'::jsonb,
    array['Service history recorded on the blockchain', 'Panorama date', 'Flyback chronograph', 'NFT certificate of authenticity'],
    false, 1,
    '1-37-02-03-02-70', 2018, false, '2018-06-19', 'excellent', 'both', null, null,
    40, 'steel', 'automatic',
    now() - interval '26 days 8 hours'
  ),
  -- Rado True Square Automatic
  (
    'Rado',
    'True Square Automatic',
    'A soft-cornered square of polished black high-tech ceramic that never scratches and barely weighs a thing. Minimal, modern, unmistakably Rado.',
    array['/images/watches/rado-true-square-automatic-r27073152-1.svg', '/images/watches/rado-true-square-automatic-r27073152-2.svg'],
    2250.00, 16.07,
    '{"movement": "Rado Calibre R734, automatic, 80-hour power reserve", "case": "Polished black high-tech ceramic", "waterResistance": "50 m", "crystal": "Sapphire", "strap": "Black high-tech ceramic bracelet", "nft_image": "/images/watches/rado-true-square-automatic-r27073152-nft.svg"}'::jsonb,
    array['High-tech ceramic case', '80-hour power reserve', 'Sapphire crystal', 'NFT certificate of authenticity'],
    false, 1,
    'R27073152', 2021, false, '2021-04-30', 'unworn', 'both', null, null,
    38, 'ceramic', 'automatic',
    now() - interval '27 days 3 hours'
  ),
  -- Oris Big Crown Pointer Date Bronze
  (
    'Oris',
    'Big Crown Pointer Date Bronze',
    'The 1938 pilot’s watch with its outsized crown, now in bronze that will age into a patina of its own. The date is read by a crescent-tipped red pointer.',
    array['/images/watches/oris-big-crown-pointer-date-bronze-1.svg', '/images/watches/oris-big-crown-pointer-date-bronze-2.svg'],
    2450.00, 17.50,
    '{"movement": "Oris Calibre 754, automatic, 38-hour power reserve", "case": "Bronze, coin-edge bezel", "waterResistance": "50 m", "crystal": "Domed sapphire", "strap": "Brown leather strap, bronze buckle", "nft_image": "/images/watches/oris-big-crown-pointer-date-bronze-nft.svg"}'::jsonb,
    array['Bronze case', 'Pointer date', 'Oversized crown', 'NFT certificate of authenticity'],
    false, 1,
    '01 754 7741 3166-07 5 20 58BR', 2019, false, null, 'good', 'box', null, null,
    40, 'bronze', 'automatic',
    now() - interval '27 days 22 hours'
  ),
  -- TAG Heuer Aquaracer Professional 300
  (
    'TAG Heuer',
    'Aquaracer Professional 300',
    'A twelve-sided ceramic bezel, horizontal lines on a blue dial and generous lume: a diver built to be used. Steel bracelet with an extendable clasp.',
    array['/images/watches/tag-heuer-aquaracer-professional-300-wbp201a-1.svg', '/images/watches/tag-heuer-aquaracer-professional-300-wbp201a-2.svg'],
    3350.00, 23.93,
    '{"movement": "TAG Heuer Calibre 5, automatic, 38-hour power reserve", "case": "Stainless steel", "waterResistance": "300 m", "crystal": "Sapphire, anti-reflective", "strap": "Stainless steel bracelet, extendable clasp", "nft_image": "/images/watches/tag-heuer-aquaracer-professional-300-wbp201a-nft.svg"}'::jsonb,
    array['Unidirectional rotating bezel', 'Ceramic bezel insert', 'Sapphire crystal', 'NFT certificate of authenticity'],
    false, 1,
    'WBP201A.BA0632', 2022, false, '2022-02-25', 'excellent', 'both', null, null,
    43, 'steel', 'automatic',
    now() - interval '28 days 17 hours'
  ),
  -- IWC Schaffhausen Pilot’s Watch Mark XX
  (
    'IWC Schaffhausen',
    'Pilot’s Watch Mark XX',
    'The twentieth Mark of IWC’s classic pilot’s watch, with a blue sunray dial and five days of power. Clean, legible and protected by a soft-iron inner case.',
    array['/images/watches/iwc-pilots-watch-mark-xx-iw328203-1.svg', '/images/watches/iwc-pilots-watch-mark-xx-iw328203-2.svg'],
    5200.00, 37.14,
    '{"movement": "IWC Calibre 32111, automatic, 120-hour power reserve", "case": "Stainless steel", "waterResistance": "100 m", "crystal": "Convex sapphire, anti-reflective", "strap": "Brown calfskin leather strap", "nft_image": "/images/watches/iwc-pilots-watch-mark-xx-iw328203-nft.svg"}'::jsonb,
    array['120-hour power reserve', 'Soft-iron inner case', 'Automatic movement', 'NFT certificate of authenticity'],
    false, 1,
    'IW328203', 2022, false, '2022-09-15', 'unworn', 'both', null, null,
    40, 'steel', 'automatic',
    now() - interval '29 days 12 hours'
  ),
  -- Chopard L.U.C 1937 Classic
  (
    'Chopard',
    'L.U.C 1937 Classic',
    'Named for the year of Louis-Ulysse Chopard’s founding, a classic in steel with a guilloché silver dial and small seconds. A Geneva-finished chronometer within.',
    array['/images/watches/chopard-l-u-c-1937-classic-168544-3001-1.svg', '/images/watches/chopard-l-u-c-1937-classic-168544-3001-2.svg'],
    11200.00, 80.00,
    '{"movement": "L.U.C Calibre 96.53-L, automatic micro-rotor, 65-hour power reserve", "case": "Stainless steel", "waterResistance": "30 m", "crystal": "Sapphire, display caseback", "strap": "Brown alligator leather strap", "nft_image": "/images/watches/chopard-l-u-c-1937-classic-168544-3001-nft.svg"}'::jsonb,
    array['Micro-rotor movement', 'Guilloché dial', 'COSC chronometer', 'NFT certificate of authenticity'],
    false, 0,
    '168544-3001', 2018, false, '2018-01-22', 'very-good', 'both', null, null,
    42, 'steel', 'automatic',
    now() - interval '30 days 7 hours'
  ),
  -- Audemars Piguet CODE 11.59 Selfwinding
  (
    'Audemars Piguet',
    'CODE 11.59 Selfwinding',
    'A round case with an octagonal heart, in 18k pink gold around a smoked blue dial. The double-curved sapphire bends the light like nothing else.',
    array['/images/watches/audemars-piguet-code-11-59-15210or-1.svg', '/images/watches/audemars-piguet-code-11-59-15210or-2.svg'],
    34700.00, 247.86,
    '{"movement": "Calibre 4302, automatic, 70-hour power reserve", "case": "18k pink gold, octagonal middle case", "waterResistance": "30 m", "crystal": "Double-curved sapphire", "strap": "Blue alligator leather strap", "nft_image": "/images/watches/audemars-piguet-code-11-59-15210or-nft.svg"}'::jsonb,
    array['18k pink gold', 'Double-curved sapphire', 'Smoked blue dial', 'NFT certificate of authenticity'],
    false, 1,
    '15210OR.OO.A028CR.01', 2020, false, '2020-03-11', 'excellent', 'both', null, null,
    41, 'rose-gold', 'automatic',
    now() - interval '31 days 2 hours'
  );
