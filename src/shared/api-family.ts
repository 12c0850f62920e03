/**
 * The two public APIs, called "families" everywhere: which account type uses each, what each is called,
 * and the letter its tokens carry (`acme_s_…`, `acme_w_…`). Every conversion between a family, a user
 * type and a token prefix goes through here. A family's domains are not listed: they are the `x-domain`
 * values of its operations in openapi/, read by `domainsOfFamily`.
 */
export const API_FAMILIES = ['seller', 'warehouse'] as const;
export type ApiFamily = (typeof API_FAMILIES)[number];

/** The account types of the portal (the spec's `UserType`): each reads the API of its own family. */
export const USER_TYPES = ['SELLER', 'WAREHOUSE'] as const;
export type UserType = (typeof USER_TYPES)[number];

interface FamilyFacts {
  userType: UserType;
  /** The account type as users read it: `Seller`. */
  userTypeLabel: string;
  /** The API's name: `Seller API`. */
  apiName: string;
  /** The letter after the brand in a token value: `s` in `acme_s_…`. */
  tokenLetter: string;
}

export const FAMILY: Readonly<Record<ApiFamily, FamilyFacts>> = {
  seller: { userType: 'SELLER', userTypeLabel: 'Seller', apiName: 'Seller API', tokenLetter: 's' },
  warehouse: { userType: 'WAREHOUSE', userTypeLabel: 'Warehouse', apiName: 'Warehouse API', tokenLetter: 'w' },
};

export function isApiFamily(value: unknown): value is ApiFamily {
  return typeof value === 'string' && (API_FAMILIES as readonly string[]).includes(value);
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** The families with the user's own first: a warehouse user reads the Warehouse API before the Seller API. */
export function familiesFirst(own: ApiFamily): ApiFamily[] {
  return [own, ...API_FAMILIES.filter((family) => family !== own)];
}

/** The family whose API a user type's tokens reach. */
export function familyOfUserType(userType: UserType): ApiFamily {
  return API_FAMILIES.find((family) => FAMILY[family].userType === userType) ?? 'seller';
}

/** The start every token value of a family has: `acme_s_`. */
export function tokenPrefixOf(brandPrefix: string, family: ApiFamily): string {
  return `${brandPrefix}_${FAMILY[family].tokenLetter}_`;
}

/**
 * The variable an export's requests of a family read their token from: `ACME_SELLER_API_TOKEN`. One per
 * family, so a collection holding both APIs sends each folder the token of its own account type.
 */
export function tokenVariableOf(brandName: string, family: ApiFamily): string {
  return `${brandName}_${family.toUpperCase()}_API_TOKEN`;
}

/** The family a token letter names (`s`, `w`), or undefined. */
export function familyOfTokenLetter(letter: string): ApiFamily | undefined {
  return API_FAMILIES.find((family) => FAMILY[family].tokenLetter === letter);
}

/** The token letters as a regular-expression class: `[sw]`. */
export const TOKEN_LETTER_CLASS = `[${API_FAMILIES.map((family) => FAMILY[family].tokenLetter).join('')}]`;

/** A family's domains (its operations' `x-domain`), in the spec's order. */
export function domainsOfFamily(operations: readonly { family: ApiFamily; domain: string }[], family: ApiFamily): string[] {
  return [...new Set(operations.filter((op) => op.family === family).map((op) => op.domain))];
}
