import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import {
  ALERT_CHOICES,
  ASSIGNMENT_KINDS,
  TEAM_API_ROUTES,
  teamMessages,
  type AlertChoice,
  type AssignmentRule,
  type TeamMember,
} from "../../domain/team";
import { apiPath, callApi, errorMessage } from "../api";
import { pageTitle, teamText } from "../content";
import { appPaths } from "../paths";
import { useFlash, useStaff } from "../session";
import { ErrorNotice, Loading } from "../components/Notices";

/** Each member's alert choice, and (for an owner) how new enquiries are assigned. */
export function Component() {
  const staff = useStaff();
  const flash = useFlash();
  const isOwner = staff.role === "owner";
  const [alerts, setAlerts] = useState<AlertChoice | null>(null);
  const [rule, setRule] = useState<AssignmentRule | null>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [error, setError] = useState("");
  const [ruleError, setRuleError] = useState("");

  useEffect(() => {
    document.title = pageTitle(teamText.pageTitle);
    Promise.all([
      callApi<{ alerts: AlertChoice }>(apiPath(TEAM_API_ROUTES.alerts)),
      callApi<{ rule: AssignmentRule }>(apiPath(TEAM_API_ROUTES.assignment)),
      callApi<TeamMember[]>(apiPath(TEAM_API_ROUTES.members)),
    ]).then(
      ([mine, assignment, team]) => {
        setAlerts(mine.alerts);
        setRule(assignment.rule);
        setMembers(team);
      },
      (caught: unknown) => setError(errorMessage(caught)),
    );
  }, []);

  if (error) return <ErrorNotice message={error} />;
  if (!alerts || !rule) return <Loading />;

  const saveAlerts = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = String(new FormData(event.currentTarget).get("alerts")) as AlertChoice;
    try {
      await callApi(apiPath(TEAM_API_ROUTES.alerts), { method: "PUT", body: { alerts: choice } });
      setAlerts(choice);
      flash(teamMessages.alertsSaved);
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  const saveRule = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const kind = String(form.get("kind"));
    const chosen = (name: string) => (form.get(name) ? String(form.get(name)) : null);
    const next: AssignmentRule =
      kind === "buyer"
        ? { kind: "buyer", Retailer: chosen("retailer"), "Self Use": chosen("selfUse") }
        : kind === "turns"
          ? { kind: "turns", members: form.getAll("turns").map(String) }
          : { kind: "none" };
    setRuleError("");
    try {
      const answer = await callApi<{ rule: AssignmentRule }>(apiPath(TEAM_API_ROUTES.assignment), {
        method: "PUT",
        body: { rule: next },
      });
      setRule(answer.rule);
      flash(teamMessages.ruleSaved);
    } catch (caught) {
      setRuleError(errorMessage(caught));
    }
  };

  const memberOptions = (
    <>
      <option value="">{teamText.nobody}</option>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.email}
        </option>
      ))}
    </>
  );

  return (
    <>
      <p className="back">
        <Link to={appPaths.inbox}>← Inbox</Link>
      </p>
      <h1>{teamText.pageTitle}</h1>
      <div className="detail-grid">
        <section className="card" aria-labelledby="alerts-heading">
          <h2 id="alerts-heading">{teamText.alertsHeading}</h2>
          <p>{teamText.alertsIntro}</p>
          <form onSubmit={saveAlerts} className="stack">
            <fieldset className="choices">
              <legend className="visually-hidden">{teamText.alertsHeading}</legend>
              {ALERT_CHOICES.map((choice) => (
                <label key={choice} className="choice">
                  <input type="radio" name="alerts" value={choice} defaultChecked={alerts === choice} />
                  {teamText.alertChoices[choice]}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button primary">
              {teamText.saveAlerts}
            </button>
          </form>
        </section>

        <section className="card" aria-labelledby="assignment-heading">
          <h2 id="assignment-heading">{teamText.assignmentHeading}</h2>
          {!isOwner && <p>{teamText.assignmentOwnerOnly}</p>}
          <form onSubmit={saveRule} className="stack">
            <fieldset className="choices" disabled={!isOwner}>
              <legend className="visually-hidden">{teamText.assignmentHeading}</legend>
              {ASSIGNMENT_KINDS.map((kind) => (
                <label key={kind} className="choice">
                  <input type="radio" name="kind" value={kind} defaultChecked={rule.kind === kind} />
                  {teamText.assignmentKinds[kind]}
                </label>
              ))}
              <label className="field">
                <span>{teamText.retailerTo}</span>
                <select name="retailer" defaultValue={rule.kind === "buyer" ? (rule.Retailer ?? "") : ""}>
                  {memberOptions}
                </select>
              </label>
              <label className="field">
                <span>{teamText.selfUseTo}</span>
                <select name="selfUse" defaultValue={rule.kind === "buyer" ? (rule["Self Use"] ?? "") : ""}>
                  {memberOptions}
                </select>
              </label>
              <fieldset className="choices">
                <legend>{teamText.turnMembers}</legend>
                {members.map((member) => (
                  <label key={member.id} className="choice">
                    <input
                      type="checkbox"
                      name="turns"
                      value={member.id}
                      defaultChecked={rule.kind === "turns" && rule.members.includes(member.id)}
                    />
                    <span>{member.email}</span>
                  </label>
                ))}
              </fieldset>
            </fieldset>
            <ErrorNotice message={ruleError} />
            {isOwner && (
              <button type="submit" className="button primary">
                {teamText.saveAssignment}
              </button>
            )}
          </form>
        </section>
      </div>
    </>
  );
}
