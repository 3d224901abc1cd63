import { useEffect, useState } from "react";
import { Link } from "react-router";
import { apiPath, callApi } from "../api";
import { paise } from "../documents";
import { DOCUMENT_API_ROUTES, OVERDUE_BUCKETS, type Receivables } from "../../domain/invoice";
import { accountsText as text } from "../documents-content";
import { appPaths } from "../paths";

/** What is owed: the whole balance of unpaid tax invoices, how many, and how much is over 30 days. */
export function receivablesSummary(data: Receivables) {
  const count = OVERDUE_BUCKETS.reduce((sum, bucket) => sum + data.buckets[bucket].count, 0);
  const owed = OVERDUE_BUCKETS.reduce((sum, bucket) => sum + data.buckets[bucket].balancePaise, 0);
  return { count, owed, late: data.buckets["over-30"].balancePaise };
}

/**
 * The dashboard's tile of what buyers owe, linking to the accounts page. Asked for on its own:
 * when the figures cannot be had (a role the accounts are not open to), the tile is left out.
 */
export function ReceivablesTile() {
  const [data, setData] = useState<Receivables | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi<Receivables>(apiPath(DOCUMENT_API_ROUTES.receivables), { signal: controller.signal }).then(
      setData,
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  if (!data) return null;
  const { count, owed, late } = receivablesSummary(data);
  return (
    <li className="kpi kpi-receivables">
      <span className="kpi-label">
        <Link to={appPaths.accounts}>{text.dashboardTile}</Link>
      </span>
      <span className="kpi-value">{paise(owed)}</span>
      <span className="kpi-note">{text.dashboardNote(count, paise(late))}</span>
    </li>
  );
}
