import { Clock } from "lucide-react";
import { RecipeDialog } from "../components/recipe-dialog";
import { useLandingContent } from "./landing-content";
import { RecipeIllustration } from "../illustrations/recipes";
import { Section, type SectionPlacement } from "../components/section";

/** Daily diet: three illustrated recipe cards, each opening its recipe in a dialog. */
export function DailyDiet({ tone }: SectionPlacement) {
  const { dailyDiet } = useLandingContent();
  const labels = {
    open: dailyDiet.openLabel,
    close: dailyDiet.closeLabel,
    ingredients: dailyDiet.ingredientsHeading,
    steps: dailyDiet.stepsHeading,
    tip: dailyDiet.tipLabel,
  };
  return (
    <Section headingId="diet-heading" intro={dailyDiet} tone={tone}>
      <ul className="diet__grid" data-needs-script="">
        {dailyDiet.recipes.map((recipe) => (
          <li key={recipe.key} className="diet__card">
            <RecipeIllustration recipe={recipe.key} className="diet__art" />
            <div className="diet__body">
              <h3>{recipe.title}</h3>
              <p>{recipe.summary}</p>
              <p className="diet__time">
                <Clock aria-hidden="true" size={18} />
                {recipe.time}
              </p>
              <RecipeDialog recipe={recipe} labels={labels} />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
