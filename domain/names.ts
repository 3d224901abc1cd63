/**
 * A person's first name as they would be greeted ("Asha" of "Asha Verma"): one word of letters
 * and their marks, at most 30; anything else (a title, digits, a link) gives none, so nothing a
 * visitor typed beyond a plain name reaches a mail.
 */
export function plainFirstName(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  // A title or an abbreviated given name before it ("Dr.", "Smt.", "Mohd.") is not the first name.
  const start = words.findIndex((word) => !isTitle(word));
  const first = start >= 0 ? (words[start] ?? "") : "";
  // After a title, one word alone is a surname ("Dr. Sharma", "Mr. Kumar"), not a first name;
  // after an abbreviated given name it is the name itself ("Mohd. Imran").
  const surnameOnly =
    start > 0 &&
    words.length - start === 1 &&
    !(titleKey(words[start - 1] ?? "") in GIVEN_NAME_ABBREVIATIONS);
  return !surnameOnly && /^\p{L}[\p{L}\p{M}]{0,29}$/u.test(first) ? first : undefined;
}

/** Whether a word is a title, or an abbreviation written before a given name ("Mohd. Imran"). */
function isTitle(word: string): boolean {
  const key = titleKey(word);
  return key in SURNAME_TITLES || key in GIVEN_NAME_TITLES;
}

/** Muhammad abbreviated before the name a person goes by: "Mohd. Imran Khan" is Imran. */
const GIVEN_NAME_ABBREVIATIONS: Readonly<Record<string, string>> = { mohd: "Mohd.", md: "Md.", मो: "मो." };

/** Titles a person is greeted by with their surname: "Dr. Anil Mehta" is "Dr. Mehta". */
const SURNAME_TITLES: Readonly<Record<string, string>> = {
  dr: "Dr.",
  doctor: "Dr.",
  prof: "Prof.",
  professor: "Prof.",
  डॉ: "डॉ.",
  डॉक्टर: "डॉ.",
  प्रो: "प्रो.",
  प्रोफ़ेसर: "प्रो.",
};

/** Titles dropped before a given name: "Mr. Ravi Kumar" is "Ravi"; kept before a surname alone ("Mr. Kumar"). */
const GIVEN_NAME_TITLES: Readonly<Record<string, string>> = {
  mr: "Mr.",
  mrs: "Mrs.",
  ms: "Ms.",
  miss: "Miss",
  mx: "Mx.",
  shri: "Shri",
  sri: "Sri",
  shree: "Shree",
  smt: "Smt.",
  shrimati: "Shrimati",
  kumari: "Kumari",
  km: "Km.",
  sushri: "Sushri",
  श्री: "श्री",
  श्रीमती: "श्रीमती",
  सुश्री: "सुश्री",
  कुमारी: "कुमारी",
  // Muhammad abbreviated before the name a person goes by (GIVEN_NAME_ABBREVIATIONS).
  mohd: "Mohd.",
  md: "Md.",
  मो: "मो.",
};

/** The honorific a Hindi greeting puts after the name, for anyone: «रवि जी». */
export const HINDI_HONORIFIC = "जी";

/** The longest greeting a name may give; a longer one is not a name a person goes by. */
const GREETING_MAX_LENGTH = 40;

const NAME_WORD = /^\p{L}[\p{L}\p{M}'’-]*\.?$/u;
const INITIAL = /^\p{L}\.?$/u;

/** "ravi" and "RAVI" as a person writes it: "Ravi". A word in mixed case is left as typed ("McIntyre"). */
function tidyWord(word: string): string {
  const latin = /^[A-Za-z'’.-]+$/.test(word);
  if (!latin || (word !== word.toLowerCase() && word !== word.toUpperCase())) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

const titleKey = (word: string) => word.toLowerCase().replace(/\.$/, "");

/**
 * The name to greet a person by, as a salesperson would in a message: the first given name
 * ("Asha" of "Asha Verma", "Ravi" of "Mr. Ravi Kumar"), a doctor or professor by title and
 * surname ("Dr. Mehta"), a title kept before a surname alone ("Mr. Kumar"), initials with the
 * name they go with ("R. K. Sharma"). In Hindi the name is followed by «जी», as Hindi speakers
 * greet anyone they address with respect ("Ravi जी", «डॉ. मेहता जी»). Undefined when the name does
 * not start with a plain word (digits, a link) or is a title alone: the message then greets without
 * a name.
 */
export function greetingName(name: string, language: "en" | "hi"): string | undefined {
  const typed = name.trim().split(/\s+/).filter(Boolean);
  // The first word must be a plain one; anything after it that is not (a digit, an emoji) is left out.
  if (!NAME_WORD.test(typed[0] ?? "")) return undefined;
  const words = typed.filter((word) => NAME_WORD.test(word));
  const first = words[0] ?? "";
  const surnameTitle = SURNAME_TITLES[titleKey(first)];
  const givenTitle = GIVEN_NAME_TITLES[titleKey(first)];
  const titled = surnameTitle ?? givenTitle;
  if (titled && words.length === 1) return undefined;
  let greeted: string;
  if (surnameTitle) greeted = `${surnameTitle} ${tidyWord(words[words.length - 1] ?? "")}`;
  else if (givenTitle && words.length === 2) greeted = `${givenTitle} ${tidyWord(words[1] ?? "")}`;
  else {
    const rest = givenTitle ? words.slice(1) : words;
    greeted = INITIAL.test(rest[0] ?? "") ? rest.map(tidyWord).join(" ") : tidyWord(rest[0] ?? "");
  }
  if (greeted.length > GREETING_MAX_LENGTH || /^[.'’-]|[-'’]$/.test(greeted)) return undefined;
  return language === "hi" ? `${greeted} ${HINDI_HONORIFIC}` : greeted;
}
