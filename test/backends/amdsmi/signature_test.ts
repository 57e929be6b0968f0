/**
 * src/backends/amdsmi/symbols.ts against the prototypes in our ABI header (which the fake is
 * compiled against, so the C compiler holds the fake to the same prototypes), and, where the
 * vendor's amdsmi.h is installed (_vendor_header.ts), against its prototypes too. None is
 * installed here or in CI: there the prototypes restate the reference notes (§1.4), and the
 * vendor check is skipped with the reason (it passed against the headers of ROCm/amdsmi at
 * rocm-6.0.0, 6.1.0, 6.1.2, 6.2.2 and amd-mainline, named by GPUTOP_AMDSMI_INCLUDE).
 */
import assert from "node:assert/strict";
import { AMDSMI_SYMBOLS } from "../../../src/backends/amdsmi/symbols.ts";
import { FAKE_AMDSMI_DIR } from "../../fakes/amdsmi/build_fake.ts";
import { findVendorHeader } from "./_vendor_header.ts";

/** How each C parameter type passes through Deno FFI. */
function ffiType(cType: string): string {
  const type = cType.replace(/\bconst\b/g, "").replace(/\s+/g, " ").trim();
  if (type.includes("*")) return "buffer";
  switch (type) {
    case "uint64_t":
      return "u64";
    case "size_t":
      return "usize";
    case "amdsmi_processor_handle":
    case "amdsmi_socket_handle":
      return "pointer";
    case "uint32_t":
    case "amdsmi_status_t":
    case "amdsmi_memory_type_t":
    case "amdsmi_temperature_type_t":
    case "amdsmi_temperature_metric_t":
    case "amdsmi_clk_type_t":
    case "amdsmi_process_handle_t":
      return "u32";
    default:
      throw new Error(`no FFI mapping for C type ${JSON.stringify(type)}`);
  }
}

/**
 * name → FFI parameter types, for every `amdsmi_status_t amdsmi_*(...)` prototype, or for
 * those of `only` (a vendor header declares many the backend does not bind).
 */
function prototypes(header: string, only?: ReadonlySet<string>): Map<string, string[][]> {
  const found = new Map<string, string[][]>();
  const pattern = /amdsmi_status_t\s+(amdsmi_\w+)\s*\(([^)]*)\)\s*;/g;
  for (const match of header.matchAll(pattern)) {
    const [, name = "", params = ""] = match;
    if (only !== undefined && !only.has(name)) continue;
    const types = params.trim() === "void" ? [] : params.split(",").map((param) => {
      // Drop the parameter name: the last identifier, unless the type is all there is.
      const text = param.trim();
      const withoutName = text.replace(/\s*\b\w+$/, "");
      return ffiType(withoutName === "" || !/\w/.test(withoutName) ? text : withoutName);
    });
    found.set(name, [...(found.get(name) ?? []), types]);
  }
  return found;
}

Deno.test("every AMD SMI symbol matches its prototype in amdsmi_abi.h", async () => {
  const header = await Deno.readTextFile(`${FAKE_AMDSMI_DIR}/amdsmi_abi.h`);
  const declared = prototypes(header);
  for (const [name, definition] of Object.entries(AMDSMI_SYMBOLS)) {
    const forms = declared.get(name);
    assert.ok(forms, `${name} has no prototype in amdsmi_abi.h`);
    // Both process-list forms take the same FFI types (the element type is only bytes).
    for (const parameters of forms) {
      assert.deepEqual([...definition.parameters], parameters, name);
    }
    assert.equal(definition.result, "u32", `${name} returns amdsmi_status_t`);
  }
  assert.deepEqual(
    [...declared.keys()].filter((name) => !(name in AMDSMI_SYMBOLS)),
    [],
    "prototypes the backend does not bind",
  );
});

const vendor = findVendorHeader();

Deno.test({
  name: vendor.ok
    ? `every AMD SMI symbol matches its prototype in the vendor's ${vendor.path}`
    : `every AMD SMI symbol matches its prototype in the vendor's amdsmi.h (skipped: ${vendor.skip})`,
  ignore: !vendor.ok,
  fn() {
    if (!vendor.ok) return;
    const declared = prototypes(vendor.text, new Set(Object.keys(AMDSMI_SYMBOLS)));
    for (const [name, definition] of Object.entries(AMDSMI_SYMBOLS)) {
      const forms = declared.get(name);
      // A release may lack an entry point (the pid-only list's process info after 6.1.0):
      // only one the backend binds as optional.
      if (forms === undefined) {
        const optional = (definition as { optional?: boolean }).optional === true;
        assert.ok(optional, `${name} is not declared in ${vendor.path}`);
        continue;
      }
      for (const parameters of forms) {
        assert.deepEqual([...definition.parameters], parameters, name);
      }
    }
  },
});
