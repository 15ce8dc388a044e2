-- One set of rules with the zod schema (lib/catalog/schema.ts, docs/input-rules.md): a
-- root-relative image path must not begin with '/\' either, since browsers read a backslash as a
-- slash and load '/\evil.example/x.png' from another host.
alter table public.watches drop constraint watches_image_urls_http;
alter table public.watches add constraint watches_image_urls_http
  check (array_to_string(image_urls, ' ') ~ '^((https?://[^ ]+|/[^/\\ ][^ ]*)( |$))+$');
