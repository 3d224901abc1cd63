import { describe, expect, it } from "vitest";
import { greetingName, plainFirstName } from "./names";

describe("a buyer's first name, as the digest, the hand-over lists and pushes name them", () => {
  it("keeps the first name after a title or an abbreviated given name", () => {
    expect(plainFirstName("Mohd. Imran Khan")).toBe("Imran");
    expect(plainFirstName("Md Imran Khan")).toBe("Imran");
    expect(plainFirstName("Dr. Anil Mehta")).toBe("Anil");
    expect(plainFirstName("Dr Anil Mehta")).toBe("Anil");
    expect(plainFirstName("Smt. Kamla Devi")).toBe("Kamla");
    expect(plainFirstName("Shri Ram Prasad")).toBe("Ram");
    expect(plainFirstName("Mr. Ravi Kumar")).toBe("Ravi");
    expect(plainFirstName("Mrs. Sunita Rao")).toBe("Sunita");
    expect(plainFirstName("Ms. Asha Verma")).toBe("Asha");
    expect(plainFirstName("श्रीमती सुनीता देवी")).toBe("सुनीता");
    expect(plainFirstName("Asha Verma")).toBe("Asha");
  });

  it("gives none for a title alone or anything that is not a plain name", () => {
    expect(plainFirstName("Dr.")).toBeUndefined();
    expect(plainFirstName("Mohd.")).toBeUndefined();
    // After a title, one word alone is the surname.
    expect(plainFirstName("Dr. Sharma")).toBeUndefined();
    expect(plainFirstName("Mr. Kumar")).toBeUndefined();
    expect(plainFirstName("Mohd. Imran")).toBe("Imran");
    expect(plainFirstName("Dr. win.example/prize")).toBeUndefined();
    expect(plainFirstName("9876543210 Ravi")).toBeUndefined();
  });

  it("greets Mohd. Imran Khan by his name, not by the abbreviation", () => {
    expect(greetingName("Mohd. Imran Khan", "en")).toBe("Imran");
    expect(greetingName("Mohd. Imran Khan", "hi")).toBe("Imran जी");
    expect(greetingName("Dr. Anil Mehta", "en")).toBe("Dr. Mehta");
  });
});
