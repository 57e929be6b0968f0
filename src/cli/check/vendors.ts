/**
 * The vendors `check --vendor` accepts: the device field's own list (src/model/device_fields.ts,
 * which loads no zod at run time, so `help` stays light).
 */
export { VENDORS as CHECK_VENDORS } from "../../model/device_fields.ts";
