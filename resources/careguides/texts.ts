import type { ResourceTexts } from '../shared/recordScreens';
import type { description } from './description';

/** The care guides' screens in English and Swedish. */
export const texts: ResourceTexts<typeof description> = {
  en: {
    menu: 'Care guides',
    list: 'Care guide list',
    add: 'Add care guide',
    edit: 'Edit care guide',
    search: 'Search care guide',
    searchField: 'Care guide title',
    empty: 'No care guides yet',
    failed: 'Could not fetch care guides',
    fields: { title: 'Title', material: 'Material', body: 'Instructions', images: 'Picture' },
    options: { cotton: 'Cotton', linen: 'Linen', both: 'Cotton and linen' },
  },
  sv: {
    menu: 'Skötselråd',
    list: 'Skötselrådslista',
    add: 'Lägg till skötselråd',
    edit: 'Redigera skötselråd',
    search: 'Sök skötselråd',
    searchField: 'Skötselrådets titel',
    empty: 'Inga skötselråd ännu',
    failed: 'Kunde inte hämta skötselråd',
    fields: { title: 'Titel', material: 'Material', body: 'Instruktioner', images: 'Bild' },
    options: { cotton: 'Bomull', linen: 'Linne', both: 'Bomull och linne' },
  },
};
