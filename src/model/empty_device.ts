/** Every output key present and null: the starting point that the merge fills in. */
import { emptyValuesOf } from "./device_field_declaration.ts";
import { DEVICE_FIELD_DECLARATIONS } from "./device_fields.ts";
import type { DeviceMetrics } from "./types.ts";

/** Each metric field at the empty value its declaration gives, in schema order. */
export function emptyDeviceMetrics(): DeviceMetrics {
  return emptyValuesOf(DEVICE_FIELD_DECLARATIONS) as DeviceMetrics;
}
