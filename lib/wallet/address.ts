/** SPEC §2/§9: the header shows a connected address as its first 4 and last 4 characters. */
export function shortAddress(address: string): string {
  return address.length <= 8 ? address : `${address.slice(0, 4)}...${address.slice(-4)}`;
}
