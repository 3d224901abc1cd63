/**
 * The environment file an operator command run by a test reads: none. Operator commands read the
 * units' file (/etc/collarise/collarise.env) when the machine has one (server/environment-file.ts);
 * a test names this path instead, which does not exist, so what it runs does not depend on the
 * machine it runs on. A test of the file itself names its own.
 */
export const NO_ENVIRONMENT_FILE = "/nonexistent/collarise-tests.env";
