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
    searchField: 'Title',
    empty: 'No care guides yet',
    failed: 'Could not fetch care guides',
    fields: { title: 'Title', body: 'Guide', fabric: 'Fabric', picture: 'Picture' },
    options: { fabric: { linen: 'Linen', cotton: 'Cotton', blend: 'Linen and cotton' } },
  },
  sv: {
    menu: 'Tvättråd',
    list: 'Tvättrådslista',
    add: 'Lägg till tvättråd',
    edit: 'Redigera tvättråd',
    search: 'Sök tvättråd',
    searchField: 'Rubrik',
    empty: 'Inga tvättråd ännu',
    failed: 'Kunde inte hämta tvättråd',
    fields: { title: 'Rubrik', body: 'Råd', fabric: 'Material', picture: 'Bild' },
    options: { fabric: { linen: 'Linne', cotton: 'Bomull', blend: 'Linne och bomull' } },
  },
};
