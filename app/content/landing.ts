/**
 * Every text of the landing page, in page order. Sections import their part from here.
 * Claims stay in the specification's words; nothing here promises to treat or cure.
 */
import { company, declarations as facts, indianNumber, postalAddressLines, product, rupees } from "./site";
import { orderFormText } from "./order-form";
import type { Translated } from "./translated";

/** Names of the line icons the sections draw (see app/illustrations/icons.tsx). */
export type IconName =
  | "cartilage"
  | "joint"
  | "tendon"
  | "flexibility"
  | "tissue"
  | "bone"
  | "ageing"
  | "hydration"
  | "complexion"
  | "licence"
  | "measured"
  | "pure"
  | "taste"
  | "additives"
  | "gluten"
  | "nut"
  | "dairy"
  | "soy"
  | "ingredients"
  | "directions"
  | "mechanism";

export interface Card {
  title: string;
  text: string;
  icon: IconName;
}

export interface SectionIntro {
  eyebrow: string;
  heading: string;
  lead: string;
}

export interface Recipe {
  key: "smoothie" | "fruit-bowl" | "pancake";
  title: string;
  summary: string;
  time: string;
  serves: string;
  ingredients: readonly string[];
  steps: readonly string[];
  tip: string;
}

export const banner = {
  brandLine: product.fullName,
  heading: product.mainClaim,
  lead: "Collagen peptides for joints, skin, bones and women's health, in a fresh orange-flavour sachet of 12.5 gm. Stir into water, once a day.",
  facts: ["12.5 gm sachet", "Orange flavour", "No other additives"],
  buyLabel: "Buy Now",
  learnLabel: "How it works",
  sachetAlt: `${product.fullName}: an orange-flavour sachet of ${product.sachet}`,
} as const;

export const about = {
  eyebrow: "About the product",
  heading: `About ${product.name}`,
  lead: `${product.name} is a collagen peptide supplement from a healthcare company in Delhi: hydrolysed collagen, broken into small peptides that dissolve completely and taste of fresh orange. One sachet is your daily ${product.sachet} serving.`,
  blocks: [
    {
      icon: "ingredients",
      title: "Key ingredients",
      points: [
        "Hydrolysed collagen peptides: collagen broken into short chains that dissolve fully and are readily absorbed.",
        "Rich in glycine, proline and hydroxyproline, the amino acids your body builds its own collagen from.",
        "Orange flavour, and no other additive.",
      ],
    },
    {
      icon: "directions",
      title: "Directions for use",
      points: [
        `Empty one ${product.sachet} sachet into a glass of water or juice.`,
        "Stir for a few seconds until it dissolves, then drink.",
        "Take it once a day, at any time, with or without food, or as your physician advises.",
      ],
    },
    {
      icon: "mechanism",
      title: "How it works",
      points: [
        "Peptides are absorbed from the gut as small fragments and carried in the blood to joints, bones and skin.",
        "There they supply the building blocks cells use to make new collagen.",
        "Taken every day, this supports the body's own renewal of cartilage, connective tissue and skin.",
      ],
    },
  ],
} as const;

export const weAssureYou = {
  eyebrow: "Our promise",
  heading: "We Assure You",
  lead: "A supplement you take every day should earn your trust every day. This is what goes into every sachet, and what stays out.",
  points: [
    {
      icon: "licence",
      title: "Licensed and checked",
      text: `Made under FSSAI licence no. ${product.fssaiLicence}, with every batch checked before it is packed.`,
    },
    {
      icon: "measured",
      title: "A measured daily amount",
      text: `Each sachet holds exactly ${product.sachet}: no scoops, no guessing, the same amount every day.`,
    },
    {
      icon: "pure",
      title: "Nothing you do not need",
      text: "No additives besides the orange flavour. Gluten-free, nut-free, dairy-free and soy-free.",
    },
    {
      icon: "taste",
      title: "A taste to look forward to",
      text: "A fresh orange flavour that dissolves clear in water, so the habit is easy to keep.",
    },
  ],
} satisfies { eyebrow: string; heading: string; lead: string; points: readonly Card[] };

export const orthopedics = {
  eyebrow: "For orthopaedics",
  heading: "Support for joints, cartilage and ligaments",
  lead: "Collagen is the main protein of cartilage, tendons and ligaments. A daily sachet gives them the building blocks they are made of.",
  carouselLabel: "Benefits for joints and connective tissue",
  cards: [
    {
      icon: "cartilage",
      title: "Boost cartilage repair",
      text: "Supplies the collagen peptides cartilage cells use as they renew the cushion between your bones.",
    },
    {
      icon: "joint",
      title: "Enhances joint function",
      text: "Supports comfortable, easy movement in knees, hips and shoulders through everyday activity.",
    },
    {
      icon: "tendon",
      title: "Enhances tendon and ligament repair",
      text: "Tendons and ligaments are mostly collagen: regular intake supports their strength and renewal.",
    },
    {
      icon: "flexibility",
      title: "Improves elasticity and flexibility",
      text: "Helps keep connective tissue supple, so bending, stretching and climbing stairs feel easier.",
    },
    {
      icon: "tissue",
      title: "Connective tissue health",
      text: "Nourishes the framework of fibres that holds muscles, bones and organs in place.",
    },
  ],
} satisfies SectionIntro & { carouselLabel: string; cards: readonly Card[] };

export const indications = {
  eyebrow: "Indications",
  heading: "Made for the whole body",
  lead: "Collagen makes up about a third of the protein in the body. Beyond the joints, it is part of bone, skin and the tissues that hold moisture.",
  cards: [
    {
      icon: "bone",
      title: "Bone density",
      text: "Collagen forms the flexible framework that minerals settle on. Supports bone density alongside calcium and vitamin D.",
    },
    {
      icon: "ageing",
      title: "Anti-ageing",
      text: "Collagen production slows with age. Daily peptides support skin that looks and feels firmer.",
    },
    {
      icon: "hydration",
      title: "Hydration",
      text: "Supports the skin's ability to hold moisture, for skin that feels smooth and comfortable.",
    },
    {
      icon: "complexion",
      title: "Complexion",
      text: "Supports an even, radiant complexion by helping renew the skin's supporting layer.",
    },
  ],
} satisfies SectionIntro & { cards: readonly Card[] };

export const dosage = {
  eyebrow: "Dosage and usage",
  heading: "One sachet, once a day",
  lead: "Collagen works through steady, daily use. Make it part of a routine you already have: breakfast, a walk or bedtime.",
  steps: [
    { title: "Open", text: `Tear open one ${product.sachet} sachet.` },
    { title: "Stir", text: "Stir it into a glass of water or juice until it dissolves." },
    { title: "Enjoy", text: "Drink it once a day, every day, with or without food." },
  ],
  note: `${product.dosageNote} Follow your physician's advice on how much to take and for how long.`,
  cautions: [
    "Do not exceed the recommended daily usage.",
    "Pregnant or breastfeeding, or under medical care? Ask your physician before use.",
    "Store in a cool, dry place. Keep out of reach of children.",
  ],
  category: product.category,
} as const;

export const gynaecology = {
  eyebrow: "For gynaecology",
  heading: "Support through every stage of a woman's life",
  lead: "Collagen is part of the uterus, the pelvic floor and the joints that change with hormones. These are the areas of women's health it supports.",
  carouselLabel: "Benefits for women's health",
  cards: [
    {
      title: "Support for uterine health",
      text: "Collagen is a main part of the uterine wall. Daily peptides supply the building blocks of this tissue.",
    },
    {
      title: "Hormonal balance",
      text: "Supports the body's wellbeing through the changes of the monthly cycle and of menopause.",
    },
    {
      title: "Joint and muscle support for postmenopausal women",
      text: "After menopause the body makes less collagen. Peptides support joints and muscles through these years.",
    },
    {
      title: "Support in gynaecological surgeries",
      text: "Provides collagen building blocks for tissue renewal during recovery, under your surgeon's guidance.",
    },
    {
      title: "Pelvic organ prolapse",
      text: "Supports the strength of the collagen-rich tissues of the pelvic floor, alongside the care your doctor advises.",
    },
  ],
} as const;

export const clinicalResults = {
  eyebrow: "What research looks at",
  heading: "What regular use is designed to support",
  lead: "Collagen peptides have been studied for joints, skin and women's health. These diagrams show, in simple form, the changes that research looks for. Results vary from person to person.",
  cards: [
    {
      key: "joint",
      title: "Joint health",
      before: "Thinning cartilage, with stiffness after rest and on the stairs.",
      after: "Cartilage supported with building blocks, for smoother, more comfortable movement.",
    },
    {
      key: "skin",
      title: "Skin",
      before: "Fewer, looser collagen fibres in the deeper layer, and drier, less supple skin.",
      after: "A denser network of fibres supported, for skin that feels firmer and better hydrated.",
    },
    {
      key: "pelvic",
      title: "Gynaecology",
      before: "Weaker support in the pelvic floor as collagen declines with age and hormones.",
      after: "Collagen-rich supporting tissue nourished, alongside the care your doctor advises.",
    },
  ],
  beforeLabel: "Before",
  afterLabel: "With daily use",
} as const;

export const pureGoodness = {
  eyebrow: "Pure goodness",
  heading: "Pure goodness, nothing else",
  lead: "Just collagen peptides and orange flavour, free from the common allergens many people avoid.",
  marks: [
    { icon: "additives", title: "No additives" },
    { icon: "gluten", title: "Gluten-free" },
    { icon: "nut", title: "Nut-free" },
    { icon: "dairy", title: "Dairy-free" },
    { icon: "soy", title: "Soy-free" },
  ],
} satisfies SectionIntro & { marks: readonly { icon: IconName; title: string }[] };

export const whyItWorks = {
  eyebrow: "The science",
  heading: "Why it works",
  summary: [
    `Collagen is the most abundant protein in the body, and from our mid-twenties, our bodies make less of it every year. ${product.name} gives you ${product.mainClaim.toLowerCase()}: hydrolysed peptides small enough to be absorbed and put to work.`,
  ],
  readMore: "Read More",
  more: [
    {
      title: "Small peptides, readily absorbed",
      text: "Ordinary collagen and gelatin are large molecules. Hydrolysis cuts them into short peptides that dissolve in cold water and pass from the gut into the blood.",
    },
    {
      title: "Signals as well as building blocks",
      text: "Some collagen peptides, such as prolyl-hydroxyproline, are found intact in the blood after a dose. Besides supplying amino acids, they are thought to act as messengers that encourage cells to make new collagen.",
    },
    {
      title: "Consistency matters",
      text: "Collagen renews slowly. The benefit comes from taking one sachet every day, together with a balanced diet, enough protein and regular movement.",
    },
  ],
} as const;

export const comparison = {
  eyebrow: "Compare",
  heading: `${product.name} vs conventional collagen`,
  lead: "Not all collagen is the same. This is how our peptides differ from ordinary collagen powders.",
  caption: `How ${product.fullName} compares with conventional collagen`,
  columns: ["Feature", product.name, "Conventional collagen"],
  rows: [
    { feature: "Productive collagen", ours: product.mainClaim, theirs: "Standard collagen" },
    { feature: "Form", ours: "Hydrolysed, small peptides", theirs: "Larger molecules, often gelatin" },
    { feature: "Mixing", ours: "Dissolves clear in water", theirs: "Can clump or set like jelly" },
    { feature: "Taste", ours: "Fresh orange flavour", theirs: "Often unflavoured, with an aftertaste" },
    { feature: "Dose", ours: `One ${product.sachet} sachet`, theirs: "Scoops to measure" },
  ],
} as const;

export const dailyDiet = {
  eyebrow: "Daily diet",
  heading: "Make it part of your day",
  lead: `${product.name} dissolves easily and tastes of orange, so it fits into the food you already enjoy. Three favourites from our kitchen:`,
  openLabel: "View Recipe",
  closeLabel: "Close",
  ingredientsHeading: "Ingredients",
  stepsHeading: "Method",
  tipLabel: "Kitchen tip:",
  recipes: [
    {
      key: "smoothie",
      title: "Orange sunrise smoothie",
      summary: "Orange, mango and banana, blended thick and bright for a quick breakfast.",
      time: "5 minutes",
      serves: "Serves 1",
      ingredients: [
        `1 sachet ${product.name} (${product.sachet})`,
        "1 orange, peeled and seeded",
        "½ cup ripe mango pieces",
        "½ banana",
        "½ cup chilled water or coconut water",
        "4 ice cubes",
      ],
      steps: [
        "Put the orange, mango, banana and water in a blender.",
        "Add the sachet and the ice.",
        "Blend for 30 seconds until smooth, and drink at once.",
      ],
      tip: "Add a spoon of chia seeds for a thicker smoothie.",
    },
    {
      key: "fruit-bowl",
      title: "Citrus fruit bowl",
      summary: "Seasonal fruit with a zesty orange dressing and a crunch of seeds.",
      time: "10 minutes",
      serves: "Serves 2",
      ingredients: [
        `1 sachet ${product.name} (${product.sachet})`,
        "Juice of 1 orange",
        "1 cup papaya cubes",
        "1 cup pomegranate seeds and sliced kiwi",
        "1 apple, diced",
        "1 tablespoon roasted pumpkin seeds",
      ],
      steps: [
        "Stir the sachet into the orange juice until it dissolves.",
        "Arrange the papaya, pomegranate, kiwi and apple in two bowls.",
        "Pour over the orange dressing and scatter the pumpkin seeds.",
      ],
      tip: "Prepare the fruit ahead, and add the dressing just before you eat.",
    },
    {
      key: "pancake",
      title: "Orange oat pancakes",
      summary: "Soft oat pancakes with a hint of orange, for a relaxed weekend breakfast.",
      time: "20 minutes",
      serves: "Makes 6 small pancakes",
      ingredients: [
        `1 sachet ${product.name} (${product.sachet})`,
        "1 cup oat flour",
        "1 ripe banana, mashed",
        "¾ cup milk or any plant milk",
        "1 teaspoon baking powder",
        "A little oil for the pan, and orange segments to serve",
      ],
      steps: [
        "Whisk the banana and milk, then stir in the sachet until it dissolves.",
        "Fold in the oat flour and baking powder to make a thick batter.",
        "Cook spoonfuls on a lightly oiled pan over medium heat, 2 minutes a side.",
        "Serve warm, topped with orange segments.",
      ],
      tip: "Use certified gluten-free oats if you avoid gluten.",
    },
  ],
} satisfies SectionIntro & {
  openLabel: string;
  closeLabel: string;
  ingredientsHeading: string;
  stepsHeading: string;
  tipLabel: string;
  recipes: readonly Recipe[];
};

export const buyNow = {
  eyebrow: "Order enquiry",
  heading: "Buy Now",
  lead: "Tell us how many sachets you would like, for your own use or for your shop. Our team will contact you to confirm the price and delivery.",
  productName: product.fullName,
  details: [
    `${product.flavour} flavour, ${product.sachet} sachet`,
    product.mainClaim,
    "No additives besides the orange flavour; gluten-, nut-, dairy- and soy-free",
    "For retailers and for self use",
  ],
  category: product.category,
  licence: `FSSAI licence no. ${product.fssaiLicence}`,
} as const;

/** The declarations a buyer in India looks for: one block, from the facts in site.ts. */
export const declarations = {
  eyebrow: "Product declarations",
  heading: "What is in the pack, and who stands behind it",
  lead: "The details the Legal Metrology (Packaged Commodities) Rules ask us to show, as printed on the pack.",
  items: [
    {
      key: "mrp",
      label: "MRP",
      value: `${rupees(facts.mrpRupees)} for a pack of ${facts.sachetsPerPack} sachets (inclusive of all taxes)`,
    },
    {
      key: "net-quantity",
      label: "Net quantity",
      value: `${indianNumber(facts.sachetsPerPack * facts.sachetGrams)} gm: ${facts.sachetsPerPack} sachets of ${product.sachet} each`,
    },
    {
      key: "manufacturer",
      label: "Manufactured and packed by",
      value: `${company.name}, ${postalAddressLines.join(", ")}`,
    },
    { key: "origin", label: "Country of origin", value: "India" },
    {
      key: "best-before",
      label: "Best before",
      value: `${facts.bestBeforeMonths} months from the date of manufacture (printed on the pack)`,
    },
    {
      key: "care",
      label: "Customer care",
      value: `${company.phone.display}, ${company.email}; Monday to Saturday, 10 am to 6 pm`,
    },
    { key: "licence", label: "FSSAI licence no.", value: product.fssaiLicence },
    ...(facts.gstin ? [{ key: "gstin", label: "GSTIN", value: facts.gstin }] : []),
  ],
} as const;

/** Words of the page's controls that belong to no one section. */
export const controls = {
  carousel: {
    pause: "Pause slide show",
    play: "Play slide show",
    previous: "Previous slide",
    next: "Next slide",
    /** "2 of 5" */
    position: "{position} of {count}",
    carousel: "carousel",
    slide: "slide",
  },
  adviceLabel: "Advice before use",
} as const;

/** The landing page's whole copy, in English: the shape every translation takes. */
export const landing = {
  banner,
  about,
  weAssureYou,
  orthopedics,
  indications,
  dosage,
  gynaecology,
  clinicalResults,
  pureGoodness,
  whyItWorks,
  comparison,
  dailyDiet,
  buyNow,
  declarations,
  controls,
  orderForm: orderFormText,
};

export type LandingContent = Translated<typeof landing>;
