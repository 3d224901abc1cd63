import { RecipeDialogView, type RecipeDialogProps } from "../components/recipe-dialog";

/** A recipe's button and its dialog. */
export function render(props: RecipeDialogProps) {
  return <RecipeDialogView {...props} />;
}
