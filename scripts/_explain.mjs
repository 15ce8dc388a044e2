import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import fs from 'node:fs';
const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await db.exec(fs.readFileSync('supabase/bootstrap/roles.sql','utf8'));
for (const n of fs.readdirSync('supabase/migrations').sort()) await db.exec(fs.readFileSync('supabase/migrations/'+n,'utf8'));
await db.exec(fs.readFileSync('supabase/seed.sql','utf8'));
await db.exec(`insert into public.watches (brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock, created_at)
 select brand, model || ' ' || g, description, image_urls, price_eur, price_sol, specs, features, false, stock, created_at - (g || ' minutes')::interval
 from public.watches, generate_series(1, 249) g`);
await db.exec('analyze');
for (const s of ['rollex', 'a', '']) console.log((await db.query(`explain analyze select count(*) from public.watches_searched('${s}')`)).rows.map(r=>r['QUERY PLAN']).join('\n'));
