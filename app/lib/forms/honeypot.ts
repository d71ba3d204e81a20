/**
 * The hidden field people never see; anything typed into it came from a bot. Its own module so the
 * form can name it without loading the lead schema (and zod) into the page.
 */
export const HONEYPOT_FIELD = "website";
