/**
 * The struct layouts and constants in src/backends/level-zero/types.ts, checked with sizeof /
 * offsetof: against our own ze_abi.h (which the fake loader is built from) and against the
 * vendor's ze_api.h / zes_api.h (Debian libze-dev, installed by .ci/run). A signature probe
 * then assigns every function the fake defines to a pointer of the vendor declaration's
 * type (`__typeof__(zesDeviceGetProperties) *p = fake_zesDeviceGetProperties;`) with
 * -Werror, so the fake cannot drift from the header.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { SPEC_1_5_SYMBOLS, ZE_SYMBOLS } from "../../../src/backends/level-zero/symbols.ts";
import { ZeResult } from "../../../src/backends/level-zero/return_codes.ts";
import {
  COMPONENT_VERSION,
  DEVICE_NAME_SIZE,
  DEVICE_PROPERTIES,
  DEVICE_PROPERTY_FLAG_INTEGRATED,
  DEVICE_UUID_SIZE,
  ENGINE_PROPERTIES,
  ENGINE_STATS,
  EngineGroup,
  EngineTypeFlag,
  FREQ_PROPERTIES,
  FREQ_STATE,
  FreqDomain,
  HEADER,
  MEM_LOC_DEVICE,
  MEM_PROPERTIES,
  MEM_STATE,
  MemHealth,
  PCI_PROPERTIES,
  PCI_STATE,
  PCI_STATS,
  POWER_ENERGY_COUNTER,
  POWER_SUSTAINED_LIMIT,
  PROCESS_STATE,
  RAS_PROPERTIES,
  RAS_STATE,
  RasErrorType,
  STRING_PROPERTY_SIZE,
  STYPE,
  TEMP_PROPERTIES,
  TempSensor,
  ThrottleReason,
} from "../../../src/backends/level-zero/types.ts";
import {
  FAKE_ZE_DIR,
  FAKE_ZE_SOURCE,
  fakeZeUnavailableReason,
} from "../../fakes/level-zero/build_fake_ze.ts";
import { compileAndRunProbe, probeLines, signatureProbeSource } from "../../fakes/c_library.ts";

const VENDOR_HEADER = "/usr/include/level_zero/zes_api.h";
const vendorInstalled = existsSync(VENDOR_HEADER);

/** Probe key → the TypeScript value that must equal it. */
function expected(): Map<string, number> {
  const d = DEVICE_PROPERTIES;
  const values: Array<[string, number]> = [
    ["ze_result_t.size", 4],
    ["ze_bool_t.size", 1],
    ["ze_device_handle_t.size", 8],
    ["zes_device_properties_t.size", d.size],
    ["zes_device_properties_t.stype", HEADER.stype],
    ["zes_device_properties_t.pNext", HEADER.pNext],
    ["zes_device_properties_t.core", d.core],
    ["zes_device_properties_t.core.stype", d.coreStype],
    ["zes_device_properties_t.core.pNext", d.corePNext],
    ["zes_device_properties_t.core.vendorId", d.vendorId],
    ["zes_device_properties_t.core.deviceId", d.deviceId],
    ["zes_device_properties_t.core.flags", d.flags],
    ["zes_device_properties_t.core.uuid", d.uuid],
    ["zes_device_properties_t.core.name", d.name],
    ["zes_device_properties_t.core.uuid.length", DEVICE_UUID_SIZE],
    ["zes_device_properties_t.core.name.length", DEVICE_NAME_SIZE],
    ["zes_device_properties_t.numSubdevices", d.numSubdevices],
    ["zes_device_properties_t.serialNumber", d.serialNumber],
    ["zes_device_properties_t.modelName", d.modelName],
    ["zes_device_properties_t.driverVersion", d.driverVersion],
    ["zes_device_properties_t.serialNumber.length", STRING_PROPERTY_SIZE],
    ["zes_device_properties_t.driverVersion.length", STRING_PROPERTY_SIZE],
    // 368 bytes: the embedded core struct ends where numSubdevices starts (16 + 368 = 384).
    ["ze_device_properties_t.size", d.numSubdevices - d.core],
    ["zes_pci_properties_t.size", PCI_PROPERTIES.size],
    ["zes_pci_properties_t.address.domain", PCI_PROPERTIES.domain],
    ["zes_pci_properties_t.address.bus", PCI_PROPERTIES.bus],
    ["zes_pci_properties_t.address.device", PCI_PROPERTIES.device],
    ["zes_pci_properties_t.address.function", PCI_PROPERTIES.function],
    ["zes_pci_properties_t.maxSpeed.gen", PCI_PROPERTIES.maxSpeedGen],
    ["zes_pci_properties_t.maxSpeed.width", PCI_PROPERTIES.maxSpeedWidth],
    ["zes_pci_properties_t.haveReplayCounters", PCI_PROPERTIES.haveReplayCounters],
    ["zes_pci_state_t.size", PCI_STATE.size],
    ["zes_pci_state_t.speed.gen", PCI_STATE.speedGen],
    ["zes_pci_state_t.speed.width", PCI_STATE.speedWidth],
    ["zes_pci_stats_t.size", PCI_STATS.size],
    ["zes_pci_stats_t.replayCounter", PCI_STATS.replayCounter],
    ["zes_ras_properties_t.size", RAS_PROPERTIES.size],
    ["zes_ras_properties_t.type", RAS_PROPERTIES.type],
    ["zes_ras_properties_t.onSubdevice", RAS_PROPERTIES.onSubdevice],
    ["zes_ras_state_t.size", RAS_STATE.size],
    ["zes_ras_state_t.category", RAS_STATE.category],
    ["zes_ras_state_t.category.length", RAS_STATE.categoryCount * 8],
    ["zes_mem_properties_t.size", MEM_PROPERTIES.size],
    ["zes_mem_properties_t.location", MEM_PROPERTIES.location],
    ["zes_mem_properties_t.physicalSize", MEM_PROPERTIES.physicalSize],
    ["zes_mem_state_t.size", MEM_STATE.size],
    ["zes_mem_state_t.pNext", HEADER.pNext],
    ["zes_mem_state_t.free", MEM_STATE.free],
    ["zes_mem_state_t.health", MEM_STATE.health],
    ["zes_mem_state_t.field.size", MEM_STATE.total],
    ["zes_engine_properties_t.size", ENGINE_PROPERTIES.size],
    ["zes_engine_properties_t.type", ENGINE_PROPERTIES.type],
    ["zes_engine_properties_t.onSubdevice", ENGINE_PROPERTIES.onSubdevice],
    ["zes_engine_properties_t.subdeviceId", ENGINE_PROPERTIES.subdeviceId],
    ["zes_engine_stats_t.size", ENGINE_STATS.size],
    ["zes_engine_stats_t.activeTime", ENGINE_STATS.activeTime],
    ["zes_engine_stats_t.timestamp", ENGINE_STATS.timestamp],
    ["zes_freq_properties_t.size", FREQ_PROPERTIES.size],
    ["zes_freq_properties_t.type", FREQ_PROPERTIES.type],
    ["zes_freq_properties_t.onSubdevice", FREQ_PROPERTIES.onSubdevice],
    ["zes_freq_properties_t.min", FREQ_PROPERTIES.min],
    ["zes_freq_properties_t.max", FREQ_PROPERTIES.max],
    ["zes_freq_state_t.size", FREQ_STATE.size],
    ["zes_freq_state_t.actual", FREQ_STATE.actual],
    ["zes_freq_state_t.throttleReasons", FREQ_STATE.throttleReasons],
    ["zes_temp_properties_t.size", TEMP_PROPERTIES.size],
    ["zes_temp_properties_t.type", TEMP_PROPERTIES.type],
    ["zes_temp_properties_t.onSubdevice", TEMP_PROPERTIES.onSubdevice],
    ["zes_power_sustained_limit_t.size", POWER_SUSTAINED_LIMIT.size],
    ["zes_power_sustained_limit_t.enabled", POWER_SUSTAINED_LIMIT.enabled],
    ["zes_power_sustained_limit_t.power", POWER_SUSTAINED_LIMIT.power],
    ["zes_power_energy_counter_t.size", POWER_ENERGY_COUNTER.size],
    ["zes_power_energy_counter_t.energy", POWER_ENERGY_COUNTER.energy],
    ["zes_power_energy_counter_t.timestamp", POWER_ENERGY_COUNTER.timestamp],
    ["zes_process_state_t.size", PROCESS_STATE.size],
    ["zes_process_state_t.processId", PROCESS_STATE.processId],
    ["zes_process_state_t.memSize", PROCESS_STATE.memSize],
    ["zes_process_state_t.sharedSize", PROCESS_STATE.sharedSize],
    ["zes_process_state_t.engines", PROCESS_STATE.engines],
    ["zel_component_version_t.size", COMPONENT_VERSION.size],
    ["zel_component_version_t.component_name", COMPONENT_VERSION.name],
    ["zel_component_version_t.component_name.length", COMPONENT_VERSION.nameLength],
    ["zel_component_version_t.spec_version", COMPONENT_VERSION.specVersion],
    ["zel_component_version_t.component_lib_version.major", COMPONENT_VERSION.major],
    ["zel_component_version_t.component_lib_version.minor", COMPONENT_VERSION.minor],
    ["zel_component_version_t.component_lib_version.patch", COMPONENT_VERSION.patch],
    ["const.ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES", STYPE.coreDeviceProperties],
    ["const.ZES_STRUCTURE_TYPE_DEVICE_PROPERTIES", STYPE.deviceProperties],
    ["const.ZES_STRUCTURE_TYPE_PCI_PROPERTIES", STYPE.pciProperties],
    ["const.ZES_STRUCTURE_TYPE_ENGINE_PROPERTIES", STYPE.engineProperties],
    ["const.ZES_STRUCTURE_TYPE_FREQ_PROPERTIES", STYPE.freqProperties],
    ["const.ZES_STRUCTURE_TYPE_MEM_PROPERTIES", STYPE.memProperties],
    ["const.ZES_STRUCTURE_TYPE_TEMP_PROPERTIES", STYPE.tempProperties],
    ["const.ZES_STRUCTURE_TYPE_PROCESS_STATE", STYPE.processState],
    ["const.ZES_STRUCTURE_TYPE_FREQ_STATE", STYPE.freqState],
    ["const.ZES_STRUCTURE_TYPE_MEM_STATE", STYPE.memState],
    ["const.ZES_STRUCTURE_TYPE_RAS_PROPERTIES", STYPE.rasProperties],
    ["const.ZES_STRUCTURE_TYPE_PCI_STATE", STYPE.pciState],
    ["const.ZES_STRUCTURE_TYPE_RAS_STATE", STYPE.rasState],
    ["const.ZES_MEM_HEALTH_UNKNOWN", MemHealth.UNKNOWN],
    ["const.ZES_MEM_HEALTH_CRITICAL", MemHealth.CRITICAL],
    ["const.ZES_MEM_HEALTH_REPLACE", MemHealth.REPLACE],
    ["const.ZES_RAS_ERROR_TYPE_CORRECTABLE", RasErrorType.CORRECTABLE],
    ["const.ZES_RAS_ERROR_TYPE_UNCORRECTABLE", RasErrorType.UNCORRECTABLE],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_AVE_PWR_CAP", ThrottleReason.AVE_PWR_CAP],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_BURST_PWR_CAP", ThrottleReason.BURST_PWR_CAP],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_CURRENT_LIMIT", ThrottleReason.CURRENT_LIMIT],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT", ThrottleReason.THERMAL_LIMIT],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_PSU_ALERT", ThrottleReason.PSU_ALERT],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_SW_RANGE", ThrottleReason.SW_RANGE],
    ["const.ZES_FREQ_THROTTLE_REASON_FLAG_HW_RANGE", ThrottleReason.HW_RANGE],
    ["const.ZE_DEVICE_PROPERTY_FLAG_INTEGRATED", DEVICE_PROPERTY_FLAG_INTEGRATED],
    ["const.ZES_ENGINE_GROUP_ALL", EngineGroup.ALL],
    ["const.ZES_ENGINE_GROUP_COMPUTE_ALL", EngineGroup.COMPUTE_ALL],
    ["const.ZES_ENGINE_GROUP_MEDIA_ALL", EngineGroup.MEDIA_ALL],
    ["const.ZES_ENGINE_GROUP_COPY_ALL", EngineGroup.COPY_ALL],
    ["const.ZES_ENGINE_GROUP_3D_RENDER_COMPUTE_ALL", EngineGroup.RENDER_COMPUTE_ALL],
    ["const.ZES_ENGINE_GROUP_RENDER_ALL", EngineGroup.RENDER_ALL],
    ["const.ZES_ENGINE_GROUP_3D_ALL", EngineGroup.THREE_D_ALL],
    ["const.ZES_ENGINE_TYPE_FLAG_OTHER", EngineTypeFlag.OTHER],
    ["const.ZES_ENGINE_TYPE_FLAG_COMPUTE", EngineTypeFlag.COMPUTE],
    ["const.ZES_ENGINE_TYPE_FLAG_3D", EngineTypeFlag.THREE_D],
    ["const.ZES_ENGINE_TYPE_FLAG_MEDIA", EngineTypeFlag.MEDIA],
    ["const.ZES_ENGINE_TYPE_FLAG_DMA", EngineTypeFlag.DMA],
    ["const.ZES_ENGINE_TYPE_FLAG_RENDER", EngineTypeFlag.RENDER],
    ["const.ZES_FREQ_DOMAIN_GPU", FreqDomain.GPU],
    ["const.ZES_FREQ_DOMAIN_MEMORY", FreqDomain.MEMORY],
    ["const.ZES_TEMP_SENSORS_GLOBAL", TempSensor.GLOBAL],
    ["const.ZES_TEMP_SENSORS_GPU", TempSensor.GPU],
    ["const.ZES_TEMP_SENSORS_MEMORY", TempSensor.MEMORY],
    ["const.ZES_MEM_LOC_DEVICE", MEM_LOC_DEVICE],
    ["const.ZE_RESULT_ERROR_UNINITIALIZED", ZeResult.ERROR_UNINITIALIZED],
    ["const.ZE_RESULT_ERROR_UNSUPPORTED_FEATURE", ZeResult.ERROR_UNSUPPORTED_FEATURE],
    ["const.ZE_RESULT_ERROR_INVALID_SIZE", ZeResult.ERROR_INVALID_SIZE],
    ["const.ZE_RESULT_ERROR_DEVICE_LOST", ZeResult.ERROR_DEVICE_LOST],
    ["const.ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE", ZeResult.ERROR_DEPENDENCY_UNAVAILABLE],
    ["const.ZE_RESULT_ERROR_NOT_AVAILABLE", ZeResult.ERROR_NOT_AVAILABLE],
  ];
  return new Map(values);
}

async function probe(vendor: boolean): Promise<Map<string, number>> {
  const args = vendor ? ["-DPROBE_VENDOR_HEADER"] : ["-I", FAKE_ZE_DIR];
  const text = await compileAndRunProbe(args, `${FAKE_ZE_DIR}/layout_probe.c`);
  return new Map(probeLines(text).map(([key, value]) => [key, Number(value)]));
}

function assertMatches(actual: Map<string, number>, what: string): void {
  const wanted = expected();
  for (const [key, value] of wanted) {
    assert.equal(actual.get(key), value, `${key}: ${what} says ${actual.get(key)}, not ${value}`);
  }
  const unchecked = [...actual.keys()].filter((key) => !wanted.has(key));
  assert.deepEqual(unchecked, [], "every probed value has a TypeScript counterpart");
}

const ccMissing = fakeZeUnavailableReason();
// CI installs libze-dev: there a missing header fails instead of skipping.
const vendorSkip = ccMissing ??
  (vendorInstalled ? null : `${VENDOR_HEADER} not installed; install libze-dev`);
if (vendorSkip !== null && Deno.env.get("CI") === "true") {
  throw new Error(`CI=true but the Level Zero layout check cannot run: ${vendorSkip}`);
}

Deno.test({
  name: "level-zero types.ts layouts and constants match our ze_abi.h",
  ignore: ccMissing !== null,
  async fn() {
    assertMatches(await probe(false), "ze_abi.h");
  },
});

Deno.test({
  name: "level-zero types.ts and ze_abi.h match the vendor's ze_api.h / zes_api.h",
  ignore: vendorSkip !== null,
  async fn() {
    const [ours, vendor] = await Promise.all([probe(false), probe(true)]);
    assertMatches(vendor, "zes_api.h");
    assert.deepEqual(vendor, ours);
  },
});

/**
 * The fake's source compiled with its functions renamed `fake_*` under the vendor headers,
 * then each assigned to a pointer of the vendor declaration's type. The spec 1.5 calls are
 * not in the 1.4 headers; their prototypes (from the spec) are declared here instead.
 */
export function zeSignatureProbeSource(): string {
  return signatureProbeSource(
    [
      "#define _POSIX_C_SOURCE 200809L",
      "#include <level_zero/ze_api.h>",
      "#include <level_zero/zes_api.h>",
      "#include <level_zero/loader/ze_loader.h>",
      "/* Spec 1.5+, absent from the installed 1.4 headers. */",
      "ze_result_t zesInit(uint32_t flags);",
      "ze_result_t zesDriverGet(uint32_t *pCount, zes_driver_handle_t *phDrivers);",
      "ze_result_t zesDeviceGet(zes_driver_handle_t hDriver, uint32_t *pCount,",
      "                         zes_device_handle_t *phDevices);",
      "#define PROBE_VENDOR_HEADER 1",
      "#define EXPORT static __attribute__((unused))",
    ],
    FAKE_ZE_SOURCE,
    Object.keys(ZE_SYMBOLS),
  );
}

Deno.test({
  name: "every fake Level Zero function has the vendor header's signature",
  ignore: vendorSkip !== null,
  async fn() {
    assert.equal(SPEC_1_5_SYMBOLS.size, 3);
    const dir = await Deno.makeTempDir({ prefix: "gputop-ze-signatures-" });
    try {
      const source = `${dir}/signature_probe.c`;
      await Deno.writeTextFile(source, zeSignatureProbeSource());
      await compileAndRunProbe(["-Wextra", "-Werror=incompatible-pointer-types"], source);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the signature probe fails on a fake whose signature differs from the header",
  ignore: vendorSkip !== null,
  async fn() {
    // A deliberately wrong declaration: the probe must not compile.
    const source = zeSignatureProbeSource().replace(
      "int main(void) {",
      "static ze_result_t wrong(zes_device_handle_t h, uint32_t *p) { (void)h; (void)p; " +
        "return 0; }\nint main(void) {\n  __typeof__(zesDeviceGetProperties) *bad = wrong; " +
        "(void)bad;",
    );
    const dir = await Deno.makeTempDir({ prefix: "gputop-ze-signatures-" });
    try {
      await Deno.writeTextFile(`${dir}/bad.c`, source);
      const built = await new Deno.Command("cc", {
        args: ["-std=c11", "-Wall", "-Werror", "-o", `${dir}/bad`, `${dir}/bad.c`],
        stderr: "piped",
      }).output();
      assert.equal(built.success, false);
      assert.match(new TextDecoder().decode(built.stderr), /incompatible/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
