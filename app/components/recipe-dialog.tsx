import { Clock, Users, X } from "lucide-react";
import { useRef } from "react";
import { Island } from "../islands/island";
import type { Recipe } from "../content/landing";
import "./recipe-dialog.css";

export interface RecipeDialogProps {
  recipe: Recipe;
  labels: { open: string; close: string; ingredients: string; steps: string; tip: string };
}

/**
 * A recipe's button and its modal dialog. The native dialog traps focus, closes on Escape
 * and gives focus back to the button; a click on the backdrop closes it too.
 */
export function RecipeDialog(props: RecipeDialogProps) {
  return (
    <Island name="recipe" props={props}>
      <RecipeDialogView {...props} />
    </Island>
  );
}

export function RecipeDialogView({ recipe, labels }: RecipeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = `recipe-${recipe.key}-heading`;
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button
        type="button"
        className="button recipe-dialog__open"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        {labels.open}
        <span className="visually-hidden">: {recipe.title}</span>
      </button>
      <dialog
        ref={dialogRef}
        className="recipe-dialog"
        aria-labelledby={headingId}
        // Chromium closes on a backdrop click with this; others keep Escape and Close.
        {...{ closedby: "any" }}
      >
        <div className="recipe-dialog__body">
          <div className="recipe-dialog__top">
            <h3 id={headingId} className="recipe-dialog__title">
              {recipe.title}
            </h3>
            <button type="button" className="recipe-dialog__close" onClick={close}>
              <X aria-hidden="true" size={20} />
              {labels.close}
            </button>
          </div>
          <p className="recipe-dialog__meta">
            <span>
              <Clock aria-hidden="true" size={18} />
              {recipe.time}
            </span>
            <span>
              <Users aria-hidden="true" size={18} />
              {recipe.serves}
            </span>
          </p>
          <div className="recipe-dialog__columns">
            <div>
              <h4>{labels.ingredients}</h4>
              <ul>
                {recipe.ingredients.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4>{labels.steps}</h4>
              <ol>
                {recipe.steps.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            </div>
          </div>
          <p className="recipe-dialog__tip">
            <strong>{labels.tip}</strong> {recipe.tip}
          </p>
        </div>
      </dialog>
    </>
  );
}
