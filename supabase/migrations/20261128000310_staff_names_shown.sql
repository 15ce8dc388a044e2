-- Issue 47: staff names and e-mails accepted BEL, CR/LF, ESC, U+202E and zero-width-only text.
-- Now they follow the storable-text rules of every other field (lib/validation):
-- one line, no control character. A name is shown to other members and names its author on the
-- trail, so it may also not reorder the text around it (the bidi embeddings, overrides and
-- isolates of CVE-2021-42574) and must show something: a character that is neither white space,
-- a control nor default-ignorable (zero-width spaces and joiners, fillers, variation selectors,
-- tags). The same test as lib/validation/shown-line.ts, character for character
-- (tests/unit/staff-accounts-contract.test.ts compares the two over every code point).
create function public.is_shown_line(p_text text)
returns boolean
language sql immutable strict security invoker
as $$
  select p_text !~ '[\u0001-\u001f\u007f\u202a-\u202e\u2066-\u2069]'
     and p_text ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
$$;

-- Rows written before these checks: the offending characters go; a name with nothing left to show
-- becomes the username.
update public.staff
set name = case
  when public.is_shown_line(cleaned.name) then cleaned.name
  when public.is_shown_line(left(username, 100)) then left(username, 100)
  else 'Staff member'
end
from (
  select id, btrim(regexp_replace(name, '[\u0001-\u001f\u007f\u202a-\u202e\u2066-\u2069]', '', 'g')) as name from public.staff
) cleaned
where cleaned.id = staff.id and not public.is_shown_line(staff.name);
update public.staff set email = null where email is not null and not public.is_shown_line(email);

alter table public.staff
  add constraint staff_name_shown check (public.is_shown_line(name)),
  add constraint staff_email_shown check (email is null or public.is_shown_line(email));

revoke execute on function public.is_shown_line(text) from public, anon, authenticated;
grant execute on function public.is_shown_line(text) to service_role;
