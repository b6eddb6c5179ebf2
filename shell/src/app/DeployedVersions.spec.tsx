import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { DeployedVersions } from './DeployedVersions';
import { loadRemoteVersion } from './remotes';

jest.mock('./remotes', () => ({ loadRemoteVersion: jest.fn() }));
const load = jest.mocked(loadRemoteVersion);

describe('DeployedVersions', () => {
  it("shows each remote's deployed version when opened, and says which one is unreachable", async () => {
    load.mockImplementation(async (name) => {
      if (name === 'admin_mfe') throw new Error('remoteEntry.js 404');
      return { name: 'public-mfe', version: '0.1.0+abc1234' };
    });
    render(<DeployedVersions />);
    expect(load).not.toHaveBeenCalled();

    const details = screen.getByText('Site versions').closest('details')!;
    await act(async () => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
      fireEvent(details, new Event('toggle')); // opening twice loads once
    });

    const list = screen.getByTestId('deployed-versions');
    expect(within(list).getByText('0.1.0+abc1234')).toBeInTheDocument();
    expect(within(list).getByText('not reachable')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
