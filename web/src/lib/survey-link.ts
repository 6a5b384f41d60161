// The meal card's survey link, `https://…/q/<token>` (docs/surveys.md): opened by the survey
// screens, and told apart from the tray code by the serve screen when scanned by mistake.

/** A card's survey link; the token is its group. */
export const SURVEY_LINK = /\/q\/([A-Za-z0-9_-]+)\/?$/;
