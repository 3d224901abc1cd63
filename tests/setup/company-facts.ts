// The pages' content modules read the company's facts as they load (app/lib/company-facts.ts):
// tests render them with the build's facts, the placeholder defaults unless COMPANY_FACTS_FILE is set.
import "../../scripts/facts-for-build";
