/**
 * The DRM part of a fixture `sys` tree that both fixture builders write the same way: the
 * class version file and the DRM minors (card and render nodes) under their parent device.
 */
import type { TreeWriter } from "./tree_writer.ts";

/** `class/drm/version`, as every kernel with DRM has it. */
export function drmVersion(sys: TreeWriter): void {
  sys.value("class/drm/version", "drm 1.1.0 20060810");
}

export interface NodeSpec {
  name: string;
  minor: number;
  /** Connector names without the card prefix (`DP-1`), with their `status`. */
  connectors?: Record<string, string>;
}

/** DRM minors under `parentDir`, each with `dev`, `device`, uevent and the class/dev links. */
export function drmNodes(sys: TreeWriter, parentDir: string, nodes: readonly NodeSpec[]): void {
  for (const node of nodes) drmNode(sys, parentDir, node);
}

function drmNode(sys: TreeWriter, parentDir: string, node: NodeSpec): void {
  const dir = `${parentDir}/drm/${node.name}`;
  const parentName = parentDir.split("/").pop() as string;
  sys.value(`${dir}/dev`, `226:${node.minor}`);
  sys.file(
    `${dir}/uevent`,
    `MAJOR=226\nMINOR=${node.minor}\nDEVNAME=dri/${node.name}\nDEVTYPE=drm_minor\n`,
  );
  sys.link(`${dir}/device`, `../../../${parentName}`);
  sys.linkTo(`class/drm/${node.name}`, dir);
  sys.linkTo(`dev/char/226:${node.minor}`, dir);
  for (const [connector, status] of Object.entries(node.connectors ?? {})) {
    const name = `${node.name}-${connector}`;
    sys.value(`${dir}/${name}/status`, status);
    sys.linkTo(`class/drm/${name}`, `${dir}/${name}`);
  }
}
