import { describe, expect, it } from "vitest";
import { ADMIN_API_PREFIX } from "../domain/console";
import { addStaff, signInRequest, TEST_HOST, TEST_PASSWORD } from "../tests/support/console-app";
import { testAppPerTest } from "../tests/support/test-app";
import { retailersEnquiry } from "../tests/support/enquiry-bodies";

const start = testAppPerTest();

const asha = retailersEnquiry;

/** The proxy on this machine; it appends the address it saw to what the client wrote. */
const PROXY = "127.0.0.1";
const CLIENT = "203.0.113.7";
const forgedThenAppended = (n: number) => ({ "x-forwarded-for": `10.1.1.${n}, ${CLIENT}` });

describe("behind one proxy that appends to X-Forwarded-For (TRUST_PROXY=1)", () => {
  it("counts enquiries on the real client, whatever first hop it writes", async () => {
    const t = await start({ TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "3", LOG_LEVEL: "silent" });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: asha,
        remoteAddress: PROXY,
        headers: forgedThenAppended(n),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await t.app.store.enquiries.list()).toHaveLength(3);

    // Another client through the same proxy has its own count.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: asha,
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": "198.51.100.20" },
    });
    expect(other.statusCode).toBe(201);
  });

  it("throttles failed sign-ins on the real client, whatever first hop it writes", async () => {
    const t = await start({ TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      // A new account each time: only the address's count can throttle.
      const response = await signInRequest(
        t.app,
        { email: `guess${n}@example.com`, password: "not the password at all" },
        forgedThenAppended(n),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("takes the scheme the proxy saw: the console's https origin is its own and its cookie is Secure", async () => {
    const t = await start({ TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    await addStaff(t.app, "owner@example.com", "owner");
    const response = await t.app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}/session`,
      remoteAddress: PROXY,
      headers: {
        host: TEST_HOST,
        origin: `https://${TEST_HOST}`,
        "x-forwarded-proto": "https",
        "x-forwarded-for": CLIENT,
      },
      payload: { email: "owner@example.com", password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toContain("; Secure");
  });
});

describe("with the proxy named by address (TRUST_PROXY=127.0.0.1)", () => {
  it("takes the client from the proxy's last hop and ignores hops from anyone else", async () => {
    const t = await start({ TRUST_PROXY: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "2", LOG_LEVEL: "silent" });
    const viaProxy = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: asha,
        remoteAddress: PROXY,
        headers: forgedThenAppended(n),
      });
    expect([
      (await viaProxy(1)).statusCode,
      (await viaProxy(2)).statusCode,
      (await viaProxy(3)).statusCode,
    ]).toEqual([201, 201, 429]);
    // A client reaching the server directly cannot claim another address.
    const direct = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: asha,
      remoteAddress: "198.51.100.30",
      headers: { "x-forwarded-for": CLIENT },
    });
    expect(direct.statusCode).toBe(201);
  });
});

describe("a hop count", () => {
  it("is trusted only from a proxy on this machine: a client reaching the server directly cannot write its address", async () => {
    const t = await start({ TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "2", LOG_LEVEL: "silent" });
    const direct = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: asha,
        remoteAddress: "198.51.100.30",
        headers: { "x-forwarded-for": `10.1.1.${n}` },
      });
    expect([
      (await direct(1)).statusCode,
      (await direct(2)).statusCode,
      (await direct(3)).statusCode,
    ]).toEqual([201, 201, 429]);
  });
});
