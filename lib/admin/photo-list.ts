/**
 * The watch form's ordered image URLs, as the photo field edits them. The list always keeps one
 * row (SPEC §5: the first image URL is required, so there is always a field to type it in).
 */

export function moveImage(urls: string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (target < 0 || target >= urls.length) return urls;
  const moved = [...urls];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

export function removeImage(urls: string[], index: number): string[] {
  const rest = urls.filter((_, at) => at !== index);
  return rest.length > 0 ? rest : [''];
}

/** An uploaded photo fills the first empty row, or comes last. */
export function addImage(urls: string[], url: string): string[] {
  const empty = urls.indexOf('');
  return empty === -1 ? [...urls, url] : urls.map((old, at) => (at === empty ? url : old));
}
