/**
 * Whether the terminal's locale is UTF-8, for the chart cells: the first of LC_ALL, LC_CTYPE
 * and LANG that is set decides (as in the C library); with none set the screen keeps the
 * UTF-8 it already uses for its arrows and ellipses.
 */
export function localeIsUtf8(env: (name: string) => string | undefined): boolean {
  for (const name of ["LC_ALL", "LC_CTYPE", "LANG"]) {
    const value = env(name) ?? "";
    if (value !== "") return /utf-?8/i.test(value);
  }
  return true;
}
