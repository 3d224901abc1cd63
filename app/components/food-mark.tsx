import type { FoodMark as FoodMarkKind } from "../../domain/company-facts";

/**
 * The veg / non-veg mark as the Food Safety and Standards (Labelling and Display) Regulations draw
 * it: a green square with a filled green circle for vegetarian food, a brown square with a filled
 * brown triangle for non-vegetarian food. `label` is its name in the page's language, which a
 * screen reader says for the symbol.
 */
export function FoodMark({ mark, label }: { mark: FoodMarkKind; label: string }) {
  const colour = mark === "veg" ? "#007a33" : "#7a3b12";
  return (
    <svg className="food-mark" role="img" aria-label={label} viewBox="0 0 24 24" width={24} height={24}>
      <rect x="1.5" y="1.5" width="21" height="21" fill="#fff" stroke={colour} strokeWidth="2.5" />
      {mark === "veg" ? (
        <circle cx="12" cy="12" r="5.5" fill={colour} />
      ) : (
        <path d="M12 6 L18 17 H6 Z" fill={colour} />
      )}
    </svg>
  );
}
