/** The one normalisation login fields are stored and compared under (SPEC §12, docs/auth.md "Identities"). */

/** Characters that render as nothing: zero-width space / joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g

/**
 * An identity (email, username) as `auth.User` compares and stores it:
 * Unicode NFKC (full-width `ａｌｉｃｅ` → `alice`), invisible characters
 * removed, case-folded, trimmed. `login()` looks the user up by it, so
 * signup code saves it: `Alice`, `alice`, `ａｌｉｃｅ` and `al\u200Bice` are one
 * account (a unique column then answers 409 for the second).
 *
 * @example
 * auth.normalizeIdent(' Ａlice@Example.COM ')   // 'alice@example.com'
 * await Account.save({ email: auth.normalizeIdent(data.email), password: await auth.hashPassword(data.password) })
 */
export function normalizeIdent(ident: string): string {
  // NFKC again after lower-casing: a few case mappings leave a form NFKC composes
  return ident.normalize('NFKC').replace(INVISIBLE, '').toLowerCase().normalize('NFKC').trim()
}
