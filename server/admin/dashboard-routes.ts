import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ADMIN_API_ROUTES, ENQUIRY_STATUSES } from "../../domain/console";
import {
  lostReasonName,
  DASHBOARD_FIGURES,
  DASHBOARD_RANGES,
  type DashboardData,
  DEFAULT_DASHBOARD_RANGE,
  percentOf,
} from "../../domain/dashboard";
import { BUYER_TYPES } from "../../domain/enquiry";
import { toCsv, UTF8_BOM } from "../cli/csv";
import { apiMessages } from "../routes/api-errors";
import { dashboardData } from "../work/dashboard-figures";
import { signedIn } from "./guard";

const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .pipe(z.union(DASHBOARD_RANGES.map((days) => z.literal(days))))
    .default(DEFAULT_DASHBOARD_RANGE),
});

interface CsvRow {
  figure: string;
  period: string;
  item: string;
  value: number | null;
}

const CSV_COLUMNS = [
  { header: "figure", value: (row: CsvRow) => row.figure },
  { header: "period", value: (row: CsvRow) => row.period },
  { header: "item", value: (row: CsvRow) => row.item },
  { header: "value", value: (row: CsvRow) => row.value },
] as const;

/** The dashboard's figures as rows of one long table: what, when, which, how many. */
export function dashboardCsvRows(data: DashboardData): CsvRow[] {
  const range = `${data.from}/${data.to}`;
  const { funnel, firstContact } = data;
  const rows: CsvRow[] = [];
  for (const day of data.perDay) {
    for (const buyer of BUYER_TYPES) {
      rows.push({
        figure: DASHBOARD_FIGURES.perDay,
        period: day.date,
        item: buyer,
        value: day.enquiries[buyer],
      });
    }
  }
  for (const week of data.quantityPerWeek) {
    rows.push({
      figure: DASHBOARD_FIGURES.quantityPerWeek,
      period: week.weekStart,
      item: "Sachets",
      value: week.quantity,
    });
  }
  const funnelRow = (item: string, value: number | null) =>
    rows.push({ figure: DASHBOARD_FIGURES.funnel, period: range, item, value });
  for (const status of ENQUIRY_STATUSES) funnelRow(status, funnel.counts[status]);
  funnelRow("Received", funnel.received);
  funnelRow("Received, spam and duplicates aside", funnel.genuine);
  funnelRow("Reached Confirmed (%)", percentOf(funnel.reachedConfirmed, funnel.genuine));
  funnelRow("Reached Fulfilled (%)", percentOf(funnel.reachedFulfilled, funnel.genuine));
  const contactRow = (item: string, value: number | null) =>
    rows.push({ figure: DASHBOARD_FIGURES.firstContact, period: range, item, value });
  contactRow("Received", firstContact.received);
  contactRow("Contacted", firstContact.contacted);
  contactRow(`Within ${firstContact.targetHours} working hours`, firstContact.withinTarget);
  contactRow("Median working minutes to first contact", firstContact.medianWorkingMinutes);
  for (const figure of ["members", "owners", "sources"] as const) {
    for (const row of data.breakdowns[figure]) {
      rows.push({ figure: DASHBOARD_FIGURES[figure], period: range, item: row.key, value: row.enquiries });
    }
  }
  for (const month of data.sales.months) {
    rows.push({ figure: DASHBOARD_FIGURES.orders, period: month.month, item: "Orders", value: month.orders });
    rows.push({
      figure: DASHBOARD_FIGURES.orders,
      period: month.month,
      item: "Value (INR)",
      value: month.value,
    });
  }
  for (const [figure, list] of [
    ["winRateSources", data.sales.winRate.sources],
    ["winRateBuyers", data.sales.winRate.buyers],
  ] as const) {
    for (const row of list) {
      const push = (item: string, value: number | null) =>
        rows.push({ figure: DASHBOARD_FIGURES[figure], period: range, item: `${row.key}: ${item}`, value });
      push("won", row.won);
      push("decided", row.decided);
      push("win rate (%)", percentOf(row.won, row.decided));
    }
  }
  for (const row of data.sales.lostReasons) {
    rows.push({
      figure: DASHBOARD_FIGURES.lostReasons,
      period: range,
      item: lostReasonName(row.key),
      value: row.enquiries,
    });
  }
  for (const week of data.vitals) {
    const item = `${week.page} ${week.metric}`;
    rows.push({ figure: DASHBOARD_FIGURES.vitals, period: week.weekStart, item, value: week.p75 });
  }
  return rows;
}

/** The dashboard's figures for any signed-in member of staff, as JSON and as CSV. */
export async function dashboardRoutes(app: FastifyInstance) {
  // The first-contact target and the hours it counts: the company's published working hours, as
  // the facts cache holds them at the moment of asking (the figure the FAQ shows).
  const figures = async (days: DashboardData["days"]) =>
    dashboardData(app.store.dashboard, {
      now: app.clock(),
      days,
      hours: await app.companyFacts.workingHours(),
    });

  app.get(ADMIN_API_ROUTES.dashboard, async (request, reply) => {
    const query = dashboardQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: apiMessages.badRequest });
    return figures(query.data.days);
  });

  app.get(ADMIN_API_ROUTES.dashboardCsv, async (request, reply) => {
    const query = dashboardQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: apiMessages.badRequest });
    const data = await figures(query.data.days);
    await app.store.activity.record({
      actor: signedIn(request).email,
      action: "export",
      target: `dashboard, ${data.days} days`,
    });
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="dashboard-${data.days}-days-${data.to}.csv"`)
      .send(UTF8_BOM + toCsv(CSV_COLUMNS, dashboardCsvRows(data)));
  });
}
