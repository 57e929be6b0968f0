/** Turns anything thrown into one readable line, never a stack trace. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n")[0] ?? error.name;
  return String(error).split("\n")[0] ?? "unknown error";
}
