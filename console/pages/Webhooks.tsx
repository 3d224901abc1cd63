import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import {
  WEBHOOK_API_ROUTES,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "../../domain/webhooks";
import { apiPath, callApi, errorMessage } from "../api";
import { CopyButton } from "../components/CopyableCommand";
import { LoadState } from "../components/Notices";
import {
  formatFullTime,
  formatShortTime,
  pageTitle,
  webhookEventLabels,
  webhookStateLabels,
  webhookText as text,
} from "../content";
import { useFlash } from "../session";

/** While a list of deliveries is open, it is read again this often, so answers show as they come. */
const DELIVERIES_REFRESH_MS = 2_000;

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

async function fetchEndpoints(signal?: AbortSignal): Promise<WebhookEndpointView[]> {
  return (await callApi<{ items: WebhookEndpointView[] }>(apiPath(WEBHOOK_API_ROUTES.endpoints), { signal }))
    .items;
}

/** A secret as it is answered, once: after adding an endpoint or making a new secret. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const headingId = useId();
  return (
    <section className="card stack secret-once" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.secretHeading(hostOf(url))}</h2>
      <p>{text.secretOnce}</p>
      <div className="secret-row">
        <code className="secret" data-testid="webhook-secret">
          {secret}
        </code>
        <CopyButton text={secret} copiedMessage={text.secretCopied} />
      </div>
      <p>
        <button type="button" className="button primary" onClick={onDone}>
          {text.secretDone}
        </button>
      </p>
    </section>
  );
}

function AttemptLine({ attempt }: { attempt: WebhookDeliveryView["attempts"][number] }) {
  const answer =
    attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? text.noAnswer);
  return (
    <li>
      <time dateTime={attempt.at}>{formatShortTime(attempt.at)}</time> · {answer} · {attempt.durationMs} ms
      {attempt.statusCode !== null && attempt.error && attempt.error !== answer ? ` · ${attempt.error}` : ""}
    </li>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const flash = useFlash();
  const headingId = useId();
  const [items, setItems] = useState<WebhookDeliveryView[] | null>(null);
  const [error, setError] = useState("");

  const load = useCallback(
    (signal?: AbortSignal) =>
      callApi<{ items: WebhookDeliveryView[] }>(apiPath(WEBHOOK_API_ROUTES.deliveries, { id: endpoint.id }), {
        signal,
      }).then(
        (answer) => {
          setItems(answer.items);
          setError("");
        },
        (caught: unknown) => {
          if (!signal?.aborted) setError(errorMessage(caught));
        },
      ),
    [endpoint.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = window.setInterval(() => void load(controller.signal), DELIVERIES_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load]);

  const sendAgain = async (delivery: WebhookDeliveryView) => {
    try {
      await callApi(apiPath(WEBHOOK_API_ROUTES.sendAgain, { id: endpoint.id, deliveryId: delivery.id }), {
        method: "POST",
      });
      flash(text.sentAgain);
      await load();
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  return (
    <section className="deliveries" aria-labelledby={headingId}>
      <div className="page-head">
        <h3 id={headingId}>{text.deliveriesHeading(hostOf(endpoint.url))}</h3>
        <button type="button" className="button quiet" onClick={() => void load()}>
          {text.refresh}
        </button>
      </div>
      <LoadState error={error} loaded={Boolean(items)} />
      {items && items.length === 0 && <p className="empty">{text.noDeliveries}</p>}
      {items && items.length > 0 && (
        <ul className="delivery-list">
          {items.map((delivery) => (
            <li key={delivery.id} className="delivery-item">
              <p className="row-main">
                {webhookEventLabels[delivery.eventType]}{" "}
                <span className={`delivery delivery-${delivery.state}`}>
                  {webhookStateLabels[delivery.state]}
                </span>
              </p>
              <p className="row-meta">
                <code className="webhook-id">{delivery.id}</code> · queued{" "}
                <time dateTime={delivery.createdAt}>{formatFullTime(delivery.createdAt)}</time>
                {delivery.nextAttemptAt && (
                  <>
                    {" "}
                    · {text.nextAttempt}{" "}
                    <time dateTime={delivery.nextAttemptAt}>{formatShortTime(delivery.nextAttemptAt)}</time>
                  </>
                )}
              </p>
              {delivery.attempts.length > 0 && (
                <ol className="attempts" aria-label={`Attempts of ${delivery.id}`}>
                  {delivery.attempts.map((attempt, index) => (
                    <AttemptLine key={`${attempt.at}-${index}`} attempt={attempt} />
                  ))}
                </ol>
              )}
              {delivery.state !== "pending" && endpoint.enabled && (
                <button
                  type="button"
                  className="button quiet"
                  aria-label={`${text.sendAgain}: ${webhookEventLabels[delivery.eventType]}, ${delivery.id}`}
                  onClick={() => void sendAgain(delivery)}
                >
                  {text.sendAgain}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EndpointRow({
  endpoint,
  onChanged,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onChanged: () => Promise<void>;
  onSecret: (secret: string) => void;
}) {
  const flash = useFlash();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const host = hostOf(endpoint.url);
  const panelId = useId();

  const act = async (work: () => Promise<void>) => {
    try {
      await work();
      await onChanged();
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  const sendTest = () =>
    act(async () => {
      await callApi(apiPath(WEBHOOK_API_ROUTES.test, { id: endpoint.id }), { method: "POST" });
      flash(text.testQueued);
      setOpen(true);
    });
  const toggle = () =>
    act(async () => {
      await callApi(apiPath(WEBHOOK_API_ROUTES.endpoint, { id: endpoint.id }), {
        method: "PUT",
        body: { enabled: !endpoint.enabled },
      });
    });
  const rotate = () =>
    act(async () => {
      const answer = await callApi<{ secret: string }>(
        apiPath(WEBHOOK_API_ROUTES.secret, { id: endpoint.id }),
        {
          method: "POST",
        },
      );
      onSecret(answer.secret);
    });
  const remove = () =>
    act(async () => {
      await callApi(apiPath(WEBHOOK_API_ROUTES.endpoint, { id: endpoint.id }), { method: "DELETE" });
      flash(text.removed);
    });

  return (
    <li className="row endpoint">
      <span className="row-main">{endpoint.url}</span>
      <span className="row-meta">
        {endpoint.events.map((event) => webhookEventLabels[event]).join(", ")} ·{" "}
        {endpoint.enabled ? text.enabled : text.disabled} · since {formatFullTime(endpoint.createdAt)}
      </span>
      <span className="endpoint-actions">
        {endpoint.enabled && (
          <button type="button" className="button primary" onClick={() => void sendTest()}>
            {text.sendTest}
          </button>
        )}
        <button
          type="button"
          className="button quiet"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {text.showDeliveries}
        </button>
        <button type="button" className="button quiet" onClick={() => void toggle()}>
          {endpoint.enabled ? text.disable : text.enable}
        </button>
        <button type="button" className="button quiet" onClick={() => void rotate()}>
          {text.rotate}
        </button>
        {confirming ? (
          <span className="confirm" role="group" aria-label={text.confirmRemove(host)}>
            <span>{text.confirmRemove(host)}</span>
            <button type="button" className="button danger" onClick={() => void remove()}>
              {text.removeYes}
            </button>
            <button type="button" className="button quiet" onClick={() => setConfirming(false)}>
              {text.cancel}
            </button>
          </span>
        ) : (
          <button type="button" className="button quiet" onClick={() => setConfirming(true)}>
            {text.remove}
          </button>
        )}
      </span>
      <div id={panelId} className="endpoint-deliveries" hidden={!open}>
        {open && <Deliveries endpoint={endpoint} />}
      </div>
    </li>
  );
}

function AddEndpoint({ onAdded }: { onAdded: (endpoint: WebhookEndpointView, secret: string) => void }) {
  const [events, setEvents] = useState<WebhookEventType[]>(["enquiry.received"]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const url = String(new FormData(form).get("url") ?? "").trim();
    setBusy(true);
    try {
      const answer = await callApi<{ endpoint: WebhookEndpointView; secret: string }>(
        apiPath(WEBHOOK_API_ROUTES.endpoints),
        { method: "POST", body: { url, events } },
      );
      setError("");
      form.reset();
      onAdded(answer.endpoint, answer.secret);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{text.addHeading}</h2>
      <label className="field">
        <span>{text.urlLabel}</span>
        <small>{text.urlHint}</small>
        <input
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          placeholder="https://"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      <fieldset className="choice">
        <legend>{text.eventsLegend}</legend>
        {WEBHOOK_EVENTS.map((each) => (
          <label key={each} className="field inline">
            <input
              type="checkbox"
              name="events"
              value={each}
              checked={events.includes(each)}
              onChange={(change) =>
                setEvents(
                  change.currentTarget.checked
                    ? [...events, each]
                    : events.filter((chosen) => chosen !== each),
                )
              }
            />
            <span>{webhookEventLabels[each]}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="notice error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="submit" className="button primary" disabled={busy}>
          {text.add}
        </button>
      </p>
    </form>
  );
}

function WebhookList() {
  const [items, setItems] = useState<WebhookEndpointView[] | null>(null);
  const [error, setError] = useState("");
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchEndpoints(signal).then(
        (answer) => {
          setItems(answer);
          setError("");
        },
        (caught: unknown) => {
          if (!signal?.aborted) setError(errorMessage(caught));
        },
      ),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      {secret && <SecretOnce url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />}
      <h2>{text.endpointsHeading}</h2>
      <LoadState error={error} loaded={Boolean(items)} />
      {items && items.length === 0 && <p className="empty">{text.none}</p>}
      {items && items.length > 0 && (
        <ul className="rows">
          {items.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={() => load()}
              onSecret={(value) => setSecret({ url: endpoint.url, secret: value })}
            />
          ))}
        </ul>
      )}
      <AddEndpoint
        onAdded={(endpoint, value) => {
          setSecret({ url: endpoint.url, secret: value });
          void load();
        }}
      />
    </>
  );
}

export function Component() {
  useEffect(() => {
    document.title = pageTitle(text.title);
  }, []);
  return <WebhookList />;
}
