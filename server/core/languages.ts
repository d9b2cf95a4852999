import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';

/** A starter set of storefront texts, so a new shop has something to translate. */
export const starterTexts: Record<'en' | 'se', Record<string, string>> = {
  en: {
    cartEmpty: 'Your cart is empty',
    checkout: 'Checkout',
    contactUs: 'Contact us',
    freeShipping: 'Free shipping over 500 SEK',
    heroTitle: 'Cotton and linen for every day',
    newsletter: 'Sign up for our newsletter',
    shopCotton: 'Shop cotton',
    shopLinen: 'Shop linen',
  },
  se: {
    cartEmpty: 'Din varukorg är tom',
    checkout: 'Till kassan',
    contactUs: 'Kontakta oss',
    freeShipping: 'Fri frakt över 500 kr',
    heroTitle: 'Bomull och linne för varje dag',
    newsletter: 'Prenumerera på vårt nyhetsbrev',
    shopCotton: 'Handla bomull',
    shopLinen: 'Handla linne',
  },
};

/** Inserts the 'en' and 'se' records when missing. */
export async function seedLanguages(db: Kysely<Database>): Promise<void> {
  for (const id of ['en', 'se'] as const) {
    const exists = await db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) {
      await db
        .insertInto('languages')
        .values({ id, texts: JSON.stringify(starterTexts[id]), version: 1, updated: now(), updated_by: null })
        .execute();
    }
  }
}
