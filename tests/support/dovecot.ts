import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Socket } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { unusedPort } from "./mail-sink";

/** One mail in the test mailbox, as the company's mail program would list it. */
export interface MailboxEntry {
  uid: number;
  flags: string[];
  subject: string;
  messageId: string | undefined;
}

export interface RunningDovecot {
  port: number;
  user: string;
  password: string;
  /** The mailbox as the server reads it (IMAP_URL), in plain text on loopback. */
  imapUrl: string;
  /** Delivers a mail into INBOX as a mail server would (IMAP APPEND); answers its UID. */
  deliver(raw: string | Buffer, flags?: string[]): Promise<number>;
  /** Delivers many mails on one connection; answers their UIDs in order. */
  deliverMany(raws: readonly (string | Buffer)[]): Promise<number[]>;
  /** Every mail in INBOX with its flags, read without changing any (BODY.PEEK). */
  list(): Promise<MailboxEntry[]>;
  stop(): Promise<void>;
}

const USER = "sales@collarise.example";
const PASSWORD = "a test mailbox password";

/** Dovecot answers its greeting once the imap-login listener is up. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1_000);
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("data", (chunk) => {
      socket.end("a LOGOUT\r\n");
      resolve(chunk.toString().startsWith("* OK"));
    });
    socket.connect(port, "127.0.0.1");
  });
}

/**
 * The minimal configuration for Dovecot as a plain process of the test's own: every path in
 * `dir` (no system configuration, no /var/run), IMAP only on a loopback port without TLS,
 * plain-text logins allowed (on loopback), one user in a passwd-file and a static userdb, mail in
 * Maildir under the test's folder. As root, mail is handled as `nobody` (Dovecot refuses uid 0);
 * as anyone else, every Dovecot process runs as that user.
 */
function configuration(dir: string, port: number): string {
  const me = userInfo();
  const root = me.uid === 0;
  const mailUser = root ? "uid=nobody gid=nogroup" : `uid=${me.uid} gid=${me.gid}`;
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
${root ? "" : `default_login_user = ${me.username}\ndefault_internal_user = ${me.username}`}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = ${mailUser} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

/**
 * Debian's dovecot-imapd started by the test, with a configuration of its own in a temp folder, on
 * a free loopback port; resolves once it greets. `scripts/ensure-services.sh` installs it.
 */
export async function startDovecot({
  timeoutMs = 15_000,
}: { timeoutMs?: number } = {}): Promise<RunningDovecot> {
  const binary =
    process.env.DOVECOT_PATH ?? (existsSync("/usr/sbin/dovecot") ? "/usr/sbin/dovecot" : "dovecot");
  const dir = await mkdtemp(join(tmpdir(), "dovecot-"));
  // Dovecot's own processes (auth as `dovecot`, mail as `nobody`) must reach the passwd file and homes.
  await chmod(dir, 0o755);
  await mkdir(join(dir, "home"), { recursive: true });
  if (userInfo().uid === 0) await chown(join(dir, "home"), 65534, 65534);
  await writeFile(join(dir, "passwd"), `${USER}:{PLAIN}${PASSWORD}\n`, { mode: 0o644 });

  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await unusedPort();
    await writeFile(join(dir, "dovecot.conf"), configuration(dir, port));
    child = spawn(binary, ["-c", join(dir, "dovecot.conf"), "-F"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    let spawnError: Error | undefined;
    child.once("error", (error) => (spawnError = error));
    const deadline = Date.now() + timeoutMs;
    while (child.exitCode === null && child.signalCode === null && !(await greets(port))) {
      if (spawnError)
        throw new Error(`${binary} cannot start (run scripts/ensure-services.sh): ${spawnError.message}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`dovecot did not greet on port ${port} within ${timeoutMs} ms: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (child.exitCode === null && child.signalCode === null) break;
    // Another process took the port between the check and the start: try another.
    if (attempt >= 3) throw new Error(`dovecot exited at start: ${stderr}`);
  }
  const running = child;

  const client = () =>
    new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
      disableAutoIdle: true,
    });
  const session = async <T>(work: (imap: ImapFlow) => Promise<T>): Promise<T> => {
    const imap = client();
    imap.on("error", () => undefined);
    await imap.connect();
    try {
      return await work(imap);
    } finally {
      await imap.logout().catch(() => imap.close());
    }
  };
  const append = async (imap: ImapFlow, raw: string | Buffer, flags: string[] = []) => {
    const appended = await imap.append("INBOX", raw, flags);
    if (!appended || appended.uid === undefined) throw new Error("The test mailbox did not take the mail");
    return appended.uid;
  };

  return {
    port,
    user: USER,
    password: PASSWORD,
    imapUrl: `imap://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/INBOX?tls=none`,
    deliver: (raw, flags) => session((imap) => append(imap, raw, flags)),
    deliverMany: (raws) =>
      session(async (imap) => {
        const uids: number[] = [];
        for (const raw of raws) uids.push(await append(imap, raw));
        return uids;
      }),
    list: () =>
      session(async (imap) => {
        const lock = await imap.getMailboxLock("INBOX", { readOnly: true });
        try {
          const mails =
            (await imap.fetchAll("1:*", { uid: true, flags: true, envelope: true }, { uid: true })) ?? [];
          return mails
            .map((mail) => ({
              uid: mail.uid,
              // \Recent belongs to the session that first sees a mail, not to the mail.
              flags: [...(mail.flags ?? [])].filter((flag) => flag !== "\\Recent").sort(),
              subject: mail.envelope?.subject ?? "",
              messageId: mail.envelope?.messageId,
            }))
            .sort((a, b) => a.uid - b.uid);
        } catch {
          return [];
        } finally {
          lock.release();
        }
      }),
    async stop() {
      if (running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        running.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A mail as a buyer's mail program sends it: CRLF lines, the headers given, then the text. */
export function buyerMail(headers: Record<string, string>, text: string): string {
  const lines = Object.entries({
    Date: new Date().toUTCString(),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Transfer-Encoding": "8bit",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${text.replace(/\r?\n/g, "\r\n")}\r\n`;
}
