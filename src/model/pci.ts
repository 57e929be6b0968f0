/**
 * PCI addresses come as `00000000:01:00.0` (NVML, 8-digit domain), `0000:01:00.0` (sysfs),
 * `01:00.0` (no domain) or upper case. They are joined on, so they are normalised to the
 * sysfs form: 4-digit domain, lower case.
 */
const PCI_PATTERN = /^(?:([0-9a-f]{1,8}):)?([0-9a-f]{1,2}):([0-9a-f]{1,2})\.([0-7])$/i;

/**
 * Addresses already normalised, by the text given: a long run sees the same few addresses on
 * every process of every sample, and gets the one interned string back without a regex match
 * or new strings. Bounded: cleared when it fills (only garbage input could fill it).
 */
const normalized = new Map<string, string | null>();
const MAX_REMEMBERED = 1024;

/** Returns `dddd:bb:dd.f` in lower case, or null when the text is not a PCI address. */
export function normalizePciBusId(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (text.length > 32) return parsePciBusId(text); // no address is this long: not remembered
  const known = normalized.get(text);
  if (known !== undefined) return known;
  if (normalized.size >= MAX_REMEMBERED) normalized.clear();
  const result = parsePciBusId(text);
  normalized.set(text, result);
  return result;
}

function parsePciBusId(text: string): string | null {
  const match = PCI_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, domain = "0", bus = "0", device = "0", fn = "0"] = match;
  const domainNumber = parseInt(domain, 16);
  // NVML pads the domain to 8 digits; anything past 16 bits is not a real domain.
  if (domainNumber > 0xffff) return null;
  return `${domainNumber.toString(16).padStart(4, "0")}:${bus.toLowerCase().padStart(2, "0")}:${
    device.toLowerCase().padStart(2, "0")
  }.${fn}`;
}
