import type { ResourceTexts } from '../shared/recordScreens';
import type { description } from './description';

/** The suppliers' screens in English and Swedish (every field's label in both, or it does not compile). */
export const texts: ResourceTexts<typeof description> = {
  en: {
    menu: 'Suppliers',
    list: 'Supplier list',
    add: 'Add supplier',
    edit: 'Edit supplier',
    search: 'Search supplier',
    searchField: 'Supplier name',
    empty: 'No suppliers yet',
    failed: 'Could not fetch suppliers',
    fields: { name: 'Name', contactPerson: 'Contact person', email: 'Email', country: 'Country', notes: 'Notes' },
  },
  sv: {
    menu: 'Leverantörer',
    list: 'Leverantörslista',
    add: 'Lägg till leverantör',
    edit: 'Redigera leverantör',
    search: 'Sök leverantör',
    searchField: 'Leverantörens namn',
    empty: 'Inga leverantörer ännu',
    failed: 'Kunde inte hämta leverantörer',
    fields: { name: 'Namn', contactPerson: 'Kontaktperson', email: 'E-post', country: 'Land', notes: 'Anteckningar' },
  },
};
