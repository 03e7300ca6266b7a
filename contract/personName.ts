/**
 * How a person's name reads, on every screen and in every message: one definition each, so the
 * people list, the dialogs that name someone and the app bar agree.
 */
interface Named {
  firstname: string;
  lastname: string;
  preferred_name?: string | null;
}

/** First and last name, as an administrator identifies someone ("Jane Citizen"). */
export const fullName = ({ firstname, lastname }: Named): string => `${firstname} ${lastname}`.trim();

/** What a person goes by: the preferred name when one is set, else the full name. */
export const displayName = (person: Named): string => person.preferred_name?.trim() || fullName(person);
