// The page's script (bundled by esbuild for the browser, as Vite would): the browser builds of firebase/app and
// firebase/firestore, handed to the tests' page.evaluate() calls as window.sdk.
import * as app from 'firebase/app';
import * as firestore from 'firebase/firestore';

(window as unknown as { sdk: unknown }).sdk = { ...app, ...firestore };
