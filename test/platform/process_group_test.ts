import { equal as assertEquals } from "node:assert/strict";
import { groupedCommandOptions, killProcessGroup } from "../../src/platform/process_group.ts";
import { anyRunning, assertNoneRunning } from "../support/leftover_processes.ts";

Deno.test({
  name: "killProcessGroup ends the child and what it started in the background",
  ignore: Deno.build.os === "windows",
  async fn() {
    const marker = "31.4159";
    const child = new Deno.Command(
      "sh",
      groupedCommandOptions({
        args: ["-c", `sleep ${marker} & sleep ${marker}; echo never`],
        stdout: "piped",
        stderr: "null",
      }),
    ).spawn();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assertEquals(await anyRunning(`sleep ${marker}`), true);
    killProcessGroup(child.pid);
    const status = await child.status;
    await child.stdout.cancel();
    assertEquals(status.signal, "SIGKILL");
    await assertNoneRunning(`sleep ${marker}`, "no sleep left behind", 100);
  },
});

Deno.test("killProcessGroup of a group that is gone is not an error", () => {
  killProcessGroup(2 ** 22 - 3);
});
