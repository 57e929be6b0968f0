/**
 * A YAML parser for the tests of `deploy/` (the manifests and rule files must parse as YAML),
 * named once by its exact npm specifier like the other test dependencies. Tests only: gputop
 * itself reads no YAML.
 */
export { parse as parseYaml, parseAllDocuments } from "npm:yaml@2.9.1";
