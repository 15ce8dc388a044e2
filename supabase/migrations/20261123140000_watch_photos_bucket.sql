-- The public bucket of the operator's uploaded watch photos (issue 14). Anyone may read its files
-- by their public URL; only the server, with the service-role key, writes them (service_role
-- bypasses storage's row-level security, and no policy grants anyone else a write). It takes only
-- the WebP files the server re-encodes, and at most 15 MB each, as a second line behind the
-- server's own checks.
-- Supabase has the storage schema; the embedded database, which stores photos in a folder, has not.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('watch-photos', 'watch-photos', true, 15728640, array['image/webp'])
    on conflict (id) do update
      set public = excluded.public,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
  end if;
end
$$;
