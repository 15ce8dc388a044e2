import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import fs from 'node:fs';
const N = Number(process.argv[2] ?? 10000);
const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await db.exec(fs.readFileSync('supabase/bootstrap/roles.sql','utf8'));
for (const n of fs.readdirSync('supabase/migrations').sort()) await db.exec(fs.readFileSync('supabase/migrations/'+n,'utf8'));
await db.exec(fs.readFileSync('supabase/seed.sql','utf8'));
const q = async (sql, p=[]) => (await db.query(sql, p)).rows;
let t = Date.now();
await db.exec(`insert into public.watches (brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock, created_at)
 select brand, model || ' ' || g, description, image_urls, price_eur, price_sol, specs, features, false, stock, created_at - (g || ' minutes')::interval
 from public.watches, generate_series(1, ${Math.ceil(N/40)-1}) g`);
await db.exec('analyze public.watches');
console.log('count', (await q('select count(*) c from public.watches'))[0].c, 'insert ms', Date.now()-t);
const page = async (...a) => (await q(`select public.listing_page($1,$2,$3,$4,$5,$6,$7) p`, a))[0].p;
const time = async (label, fn) => { await fn(); const t = performance.now(); for (let i=0;i<5;i++) await fn(); console.log(label, ((performance.now()-t)/5).toFixed(1)+' ms'); };
await time('shuffle p1', () => page('all','',null,'shuffle',3,0,24));
await time('shuffle p50', () => page('all','',null,'shuffle',3,24*49,24));
await time('brand Rolex', () => page('all','','Rolex','shuffle',3,0,24));
await time('crypto', () => page('crypto','',null,'shuffle',3,0,24));
await time('newest', () => page('all','',null,'newest',3,0,24));
for (const s of ['rollex','steel daytona','glashutte','nautilis','5711','a']) await time('search '+s, () => page('all',s,null,'shuffle',3,0,24));
await time('admin p10', () => q(`select public.catalogue_page('',216,24)`));
await time('admin search', () => q(`select public.catalogue_page('omega',0,24)`));
await time('brands', () => q(`select public.listing_brands('all')`));
await time('brand count', () => q(`select public.available_brand_count('Rolex')`));
