/**
 * A STAND-IN FOR META'S GRAPH API (the WhatsApp Business Platform's Cloud API) for tests. Meta
 * cannot be reached from this network, so the server's sending is tested against this one: an
 * HTTP server on a loopback port that takes `POST /{version}/{phone-number-id}/messages` as the
 * Cloud API does and keeps what it was sent.
 *
 * - Each request is checked as the Cloud API checks it: the path's version and phone number id,
 *   `Authorization: Bearer <the access token>`, a JSON body with `messaging_product: "whatsapp"`,
 *   a `to` of digits and a `type` of `text` (with `text.body` of 1 to 4,096 characters) or
 *   `template` (with `template.name` and `template.language.code`). A request that fails is
 *   answered as Meta answers it (401 with code 190 for the token, 400 with code 100 for the
 *   body) and kept in `refused`.
 * - A request that passes is kept in `received` (its JSON as sent) and answered with a new
 *   `wamid`, as Meta answers it, unless the test told the stand-in to answer otherwise first
 *   (`answerNext`): Meta's errors 131047 (outside the 24-hour window), 131056 (pair rate limit),
 *   131026 (undeliverable: not a WhatsApp number), the template errors 132000, 132001, 132005,
 *   132007, 132012, 132015 and 132016, 130429 with HTTP 429, 131000 with HTTP 500, or no answer
 *   at all until the caller gives up (a timeout). Given the company's templates (`templates`), it
 *   answers a template message as WhatsApp Manager would: 132001 for an unknown name or
 *   language, 132000 for another count of parameters, 132015/132016 paused or disabled. A request
 *   answered with an error is kept in `refused` with its JSON.
 *
 * What is real: the server's request, its JSON and its reading of the answers. What stands in:
 * Meta, and the buyer's phone behind it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the test may tell the stand-in to answer a request with, instead of accepting it. */
export type GraphFault =
  | "131047"
  | "131056"
  | "131026"
  | "132000"
  | "132001"
  | "132005"
  | "132007"
  | "132012"
  | "132015"
  | "132016"
  | "429"
  | "500"
  | "timeout";

/**
 * A template as the company's WhatsApp Manager holds it: the stand-in answers a template message
 * as Meta does when it is given them (132001 for a name and language it does not hold, 132000
 * for another count of body parameters, 132015 paused, 132016 disabled).
 */
export interface StandInTemplate {
  name: string;
  language: string;
  parameters: number;
  status?: "APPROVED" | "PAUSED" | "DISABLED";
}

/** A request the stand-in accepted: its body as sent, and the wamid it answered. */
export interface ReceivedGraphMessage {
  body: Record<string, unknown>;
  wamid: string;
}

/** A request answered with an error (asked for by the test, or the request was wrong). */
export interface RefusedGraphMessage {
  status: number;
  code: number | null;
  reason: string;
  body: unknown;
}

/** Meta's error answers (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const FAULTS: Record<Exclude<GraphFault, "timeout">, { status: number; code: number; title: string }> = {
  "131047": { status: 400, code: 131047, title: "Re-engagement message" },
  "131056": { status: 400, code: 131056, title: "(Business Account, Consumer Account) pair rate limit hit" },
  "131026": { status: 400, code: 131026, title: "Message undeliverable" },
  "132000": {
    status: 400,
    code: 132000,
    title: "Number of parameters does not match the expected number of params",
  },
  "132001": { status: 404, code: 132001, title: "Template name does not exist in the translation" },
  "132005": { status: 400, code: 132005, title: "Translated text too long" },
  "132007": { status: 400, code: 132007, title: "Template Format Character Policy Violated" },
  "132012": { status: 400, code: 132012, title: "Template Parameter Format Mismatch" },
  "132015": { status: 400, code: 132015, title: "Template is Paused" },
  "132016": { status: 400, code: 132016, title: "Template is Disabled" },
  "429": { status: 429, code: 130429, title: "Rate limit hit" },
  "500": { status: 500, code: 131000, title: "Something went wrong" },
};

function metaError(status: number, code: number, title: string) {
  return {
    status,
    json: {
      error: {
        message: `(#${code}) ${title}`,
        type: "OAuthException",
        code,
        error_data: { messaging_product: "whatsapp", details: title },
        fbtrace_id: "AStandInTraceId",
      },
    },
  };
}

/** What is wrong with a message body as the Cloud API reads it; null when nothing is. */
function bodyProblem(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return "the body is not a JSON object";
  const message = body as Record<string, unknown>;
  if (message.messaging_product !== "whatsapp") return "messaging_product is not whatsapp";
  if (typeof message.to !== "string" || !/^\+?[0-9]{8,15}$/.test(message.to)) return "to is not a number";
  if (message.type === "text") {
    const text = message.text as { body?: unknown } | undefined;
    if (typeof text?.body !== "string" || text.body.length === 0 || text.body.length > 4_096)
      return "text.body is missing or longer than 4,096 characters";
    return null;
  }
  if (message.type === "template") {
    const template = message.template as { name?: unknown; language?: { code?: unknown } } | undefined;
    if (typeof template?.name !== "string" || !/^[a-z0-9_]{1,512}$/.test(template.name))
      return "template.name is missing or not a template's name";
    if (typeof template.language?.code !== "string") return "template.language.code is missing";
    return null;
  }
  return `type ${String(message.type)} is not one the stand-in takes`;
}

/** Meta's answer to a template message the company's WhatsApp Manager would refuse; null: none. */
function templateProblem(
  templates: readonly StandInTemplate[] | undefined,
  message: Record<string, unknown>,
): "132000" | "132001" | "132015" | "132016" | null {
  if (!templates || message.type !== "template") return null;
  const template = message.template as {
    name: string;
    language: { code: string };
    components?: { type?: unknown; parameters?: unknown[] }[];
  };
  const held = templates.find(
    (candidate) => candidate.name === template.name && candidate.language === template.language.code,
  );
  if (!held) return "132001";
  if (held.status === "PAUSED") return "132015";
  if (held.status === "DISABLED") return "132016";
  const body = template.components?.find((component) => component.type === "body");
  if ((body?.parameters?.length ?? 0) !== held.parameters) return "132000";
  return null;
}

/** Starts the stand-in Graph API on 127.0.0.1, for one phone number id and access token. */
export async function startGraphApiStandIn(options: {
  phoneNumberId: string;
  accessToken: string;
  version?: string;
  /** The company's templates in WhatsApp Manager; absent: any template name is taken. */
  templates?: StandInTemplate[];
}) {
  const version = options.version ?? "v21.0";
  const received: ReceivedGraphMessage[] = [];
  const refused: RefusedGraphMessage[] = [];
  const planned: GraphFault[] = [];
  const waiters: { count: () => number; want: number; resolve: () => void }[] = [];
  /** Requests left unanswered (a timeout asked for), ended when the stand-in stops. */
  const hanging = new Set<ServerResponse>();
  let sequence = 0;

  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (waiter.count() >= waiter.want) waiter.resolve();
      else waiters.push(waiter);
    }
  };
  const answer = (response: ServerResponse, status: number, json: unknown) => {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: refused below.
    }
    const refuse = (error: { status: number; json: { error: { code: number } } }, reason: string) => {
      refused.push({ status: error.status, code: error.json.error.code, reason, body });
      answer(response, error.status, error.json);
      settle();
    };
    const path = `/${version}/${options.phoneNumberId}/messages`;
    if (request.method !== "POST" || request.url !== path) {
      refused.push({ status: 404, code: null, reason: `${request.method} ${request.url}`, body });
      answer(response, 404, { error: { message: "Unknown path", code: 803 } });
      return settle();
    }
    if (request.headers.authorization !== `Bearer ${options.accessToken}`)
      return refuse(metaError(401, 190, "Invalid OAuth access token"), "wrong or no bearer token");
    if (!/^application\/json\b/.test(request.headers["content-type"] ?? ""))
      return refuse(metaError(400, 100, "Invalid parameter"), "not JSON");
    const problem = bodyProblem(body);
    if (problem) return refuse(metaError(400, 100, "Invalid parameter"), problem);
    const templateFault = templateProblem(options.templates, body as Record<string, unknown>);
    if (templateFault) {
      const { status, code, title } = FAULTS[templateFault];
      return refuse(metaError(status, code, title), `template answered ${code} as WhatsApp Manager holds it`);
    }
    const fault = planned.shift();
    if (fault === "timeout") {
      refused.push({ status: 0, code: null, reason: "left unanswered as the test asked", body });
      hanging.add(response);
      response.on("close", () => hanging.delete(response));
      return settle();
    }
    if (fault) {
      const { status, code, title } = FAULTS[fault];
      return refuse(metaError(status, code, title), `answered ${code} as the test asked`);
    }
    sequence += 1;
    const wamid = `wamid.STANDIN${String(sequence).padStart(6, "0")}${Date.now().toString(36).toUpperCase()}`;
    const message = body as Record<string, unknown>;
    received.push({ body: message, wamid });
    answer(response, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: message.to, wa_id: String(message.to).replace(/^\+/, "") }],
      messages: [{ id: wamid, ...(message.type === "template" ? { message_status: "accepted" } : {}) }],
    });
    settle();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      answer(response, 500, { error: { message: String(error), code: 1 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The Graph API's base with its version, as WHATSAPP_GRAPH_URL takes it. */
    graphUrl: `${origin}/${version}`,
    received,
    refused,
    /** The next requests that pass the checks are answered with these faults, in order. */
    answerNext(...faults: GraphFault[]) {
      planned.push(...faults);
    },
    /** Resolves once `count` messages were accepted. */
    waitForMessages(count: number): Promise<void> {
      return new Promise((resolve) => {
        waiters.push({ count: () => received.length, want: count, resolve });
        settle();
      });
    },
    /** Resolves once `count` requests were answered with an error or left unanswered. */
    waitForRefusals(count: number): Promise<void> {
      return new Promise((resolve) => {
        waiters.push({ count: () => refused.length, want: count, resolve });
        settle();
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type GraphApiStandIn = Awaited<ReturnType<typeof startGraphApiStandIn>>;
