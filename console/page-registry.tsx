/**
 * Every page of the console in one place: its path, who may open it, and its entry in the
 * navigation. The router (main.tsx) and the navigation (components/Layout.tsx) are made from this
 * list, and an owner-only page is guarded here, so a new page is one entry and its own file.
 */
import {
  Activity,
  Building2,
  ChartColumn,
  Inbox,
  Landmark,
  Mail,
  MessageSquareText,
  ShieldCheck,
  UserSearch,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import type { ComponentType } from "react";
import type { StaffRole } from "../domain/console";
import { companyText, navLabels, personalDataText, teamText, webhookText } from "./content";
import { accountsText } from "./documents-content";
import { OwnerOnly } from "./components/OwnerOnly";
import { appPaths } from "./paths";

/** What a page's module gives the router: its component (each page is its own chunk). */
interface PageModule {
  Component: ComponentType;
}

export interface ConsolePage {
  /** The page's path inside the app (the router's pattern); the inbox is the index, "/". */
  path: string;
  load: () => Promise<PageModule>;
  /**
   * Who may open it. A member who opens an owner's page by its URL is told plainly, and the page
   * makes no call (the API refuses them all the same).
   */
  role: StaffRole;
  /** The page's name, as a member who may not open it is told. */
  title: string;
  /** Its entry in the navigation, in the list's order; none for pages reached from another page. */
  nav?: { label: string; icon: LucideIcon; to: string; end?: boolean };
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: appPaths.dashboard,
    load: () => import("./pages/Dashboard"),
    role: "member",
    title: navLabels.dashboard,
    nav: { label: navLabels.dashboard, icon: ChartColumn, to: appPaths.dashboard },
  },
  {
    path: appPaths.inbox,
    load: () => import("./pages/Inbox"),
    role: "member",
    title: navLabels.inbox,
    nav: { label: navLabels.inbox, icon: Inbox, to: appPaths.inbox, end: true },
  },
  {
    path: appPaths.enquiryPattern,
    load: () => import("./pages/Enquiry"),
    role: "member",
    title: "Enquiry",
  },
  {
    path: appPaths.accounts,
    load: () => import("./pages/Accounts"),
    role: "member",
    title: accountsText.title,
    nav: { label: accountsText.nav, icon: Landmark, to: appPaths.accounts },
  },
  {
    path: appPaths.subscribers,
    load: () => import("./pages/Subscribers"),
    role: "member",
    title: navLabels.subscribers,
    nav: { label: navLabels.subscribers, icon: Mail, to: appPaths.subscribers },
  },
  {
    path: appPaths.activity,
    load: () => import("./pages/Activity"),
    role: "owner",
    title: navLabels.activity,
    nav: { label: navLabels.activity, icon: Activity, to: appPaths.activity },
  },
  {
    path: appPaths.staff,
    load: () => import("./pages/Staff"),
    role: "owner",
    title: navLabels.staff,
    nav: { label: navLabels.staff, icon: Users, to: appPaths.staff },
  },
  {
    path: appPaths.personalData,
    load: () => import("./pages/PersonalData"),
    role: "owner",
    title: personalDataText.title,
    nav: { label: navLabels.personalData, icon: UserSearch, to: appPaths.personalData },
  },
  {
    path: appPaths.templates,
    load: () => import("./pages/Templates"),
    role: "owner",
    title: navLabels.templates,
    nav: { label: navLabels.templates, icon: MessageSquareText, to: appPaths.templates },
  },
  {
    path: appPaths.webhooks,
    load: () => import("./pages/Webhooks"),
    role: "owner",
    title: webhookText.title,
    nav: { label: navLabels.webhooks, icon: Webhook, to: appPaths.webhooks },
  },
  {
    path: appPaths.company,
    load: () => import("./pages/Company"),
    // Members read the company's facts; only owners change them (the page and the API both say so).
    role: "member",
    title: companyText.title,
    nav: { label: navLabels.company, icon: Building2, to: appPaths.company },
  },
  {
    path: appPaths.security,
    load: () => import("./pages/Security"),
    role: "member",
    title: navLabels.security,
    nav: { label: navLabels.security, icon: ShieldCheck, to: appPaths.security },
  },
  {
    path: appPaths.team,
    load: () => import("./pages/Team"),
    role: "member",
    title: teamText.pageTitle,
  },
];

/** A page as the router takes it: loaded when first opened, guarded by its role. */
export function pageRoute(page: ConsolePage) {
  const lazy = async () => {
    const { Component: Page } = await page.load();
    if (page.role !== "owner") return { Component: Page };
    return {
      Component: () => (
        <OwnerOnly title={page.title}>
          <Page />
        </OwnerOnly>
      ),
    };
  };
  return page.path === appPaths.inbox ? { index: true as const, lazy } : { path: page.path, lazy };
}

/** The navigation's entries a member of this role sees, in order. */
export function navEntries(role: StaffRole) {
  return CONSOLE_PAGES.filter((page) => page.nav && (page.role === "member" || role === "owner")).map(
    (page) => page.nav as NonNullable<ConsolePage["nav"]>,
  );
}
