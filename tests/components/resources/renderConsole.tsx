import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import Console from '../../../src/Console';
import { consoleResources } from '../../../resources';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';

/** The whole signed-in console at `path`, over a fake data provider with the given methods, for a person's flags. */
export function renderConsoleAt(
  path: string,
  data: Record<string, unknown>,
  flags = { isAdmin: false, isEditor: true },
): void {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Console
        authProvider={fakeAuthProvider(userWith(flags))}
        dataProvider={fakeDataProvider(data as never)}
        store={memoryStore()}
        resources={consoleResources}
      />
    </MemoryRouter>,
  );
}
