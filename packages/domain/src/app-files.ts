/**
 * The id of the JSON list, in a server-rendered page's head, of the app's code
 * files the page loads once its main photos are there (ADR 048): the entry asks
 * for them all at once, at low priority, instead of discovering them one import
 * after another. A module of its own: the entry imports it, and nothing more.
 */
export const appFilesElementId = 'sas-app-files';
