import { memberName } from "../../domain/staff";
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
  /** The mode chosen on the form (before it is saved): only its controls show. */
  const [kind, setKind] = useState<AssignmentRule["kind"] | null>(null);
  /** After a rule is saved: offer to give the waiting enquiries owners the same way. */
  const [offerBacklog, setOfferBacklog] = useState(false);
  const [backlogMessage, setBacklogMessage] = useState("");

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
  const chosenKind = kind ?? rule.kind;

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
      setBacklogMessage("");
      setOfferBacklog(answer.rule.kind !== "none");
      flash(teamMessages.ruleSaved);
    } catch (caught) {
      setRuleError(errorMessage(caught));
    }
  };

  const assignBacklog = async () => {
    setRuleError("");
    try {
      const answer = await callApi<{ message: string }>(apiPath(TEAM_API_ROUTES.backlog), { method: "POST" });
      setOfferBacklog(false);
      setBacklogMessage(answer.message);
    } catch (caught) {
      setRuleError(errorMessage(caught));
    }
  };

  const memberOptions = (
    <>
      <option value="">{teamText.nobody}</option>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {memberName(member)}
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
              {ASSIGNMENT_KINDS.map((option) => (
                <label key={option} className="choice">
                  <input
                    type="radio"
                    name="kind"
                    value={option}
                    checked={chosenKind === option}
                    onChange={() => {
                      setKind(option);
                      setRuleError("");
                    }}
                  />
                  {teamText.assignmentKinds[option]}
                </label>
              ))}
              {chosenKind === "buyer" && (
                <>
                  <label className="field">
                    <span>{teamText.retailerTo}</span>
                    <select name="retailer" defaultValue={rule.kind === "buyer" ? (rule.Retailer ?? "") : ""}>
                      {memberOptions}
                    </select>
                  </label>
                  <label className="field">
                    <span>{teamText.selfUseTo}</span>
                    <select
                      name="selfUse"
                      defaultValue={rule.kind === "buyer" ? (rule["Self Use"] ?? "") : ""}
                    >
                      {memberOptions}
                    </select>
                  </label>
                </>
              )}
              {chosenKind === "turns" && (
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
                      <span>{memberName(member)}</span>
                    </label>
                  ))}
                </fieldset>
              )}
              {chosenKind === "none" && <p className="card-note">{teamText.noneNote}</p>}
            </fieldset>
            <ErrorNotice message={ruleError} />
            {isOwner && (
              <button type="submit" className="button primary">
                {teamText.saveAssignment}
              </button>
            )}
          </form>
          <div aria-live="polite">
            {offerBacklog && (
              <div className="notice backlog-offer">
                <p>{teamText.backlogOffer}</p>
                <div className="actions">
                  <button type="button" className="button primary" onClick={() => void assignBacklog()}>
                    {teamText.backlogAssign}
                  </button>
                  <button type="button" className="button quiet" onClick={() => setOfferBacklog(false)}>
                    {teamText.backlogLeave}
                  </button>
                </div>
              </div>
            )}
            {backlogMessage && <p className="notice">{backlogMessage}</p>}
          </div>
        </section>
      </div>
    </>
  );
}
