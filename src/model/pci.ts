/**
 * PCI addresses come as `00000000:01:00.0` (NVML, 8-digit domain), `0000:01:00.0` (sysfs),
 * `01:00.0` (no domain) or upper case. They are joined on, so they are normalised to the
 * sysfs form: 4-digit domain, lower case.
 */
const PCI_PATTERN = /^(?:([0-9a-f]{1,8}):)?([0-9a-f]{1,2}):([0-9a-f]{1,2})\.([0-7])$/i;

/** Returns `dddd:bb:dd.f` in lower case, or null when the text is not a PCI address. */
export function normalizePciBusId(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
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
