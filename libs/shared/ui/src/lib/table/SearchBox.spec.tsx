import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const onSearch = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchBox label="Search products" onSearch={onSearch} />);
    return { user, onSearch, input: screen.getByRole('searchbox', { name: 'Search products' }) };
  }

  it('searches once, 300 ms after the last keystroke', async () => {
    const { user, onSearch, input } = setup();
    await user.type(input, 'linen');
    expect(onSearch).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('linen');
  });

  it('searches at once on Enter, without a second call afterwards', async () => {
    const { user, onSearch, input } = setup();
    await user.type(input, ' khadi {Enter}');
    expect(onSearch).toHaveBeenCalledWith('khadi');

    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('sits in a search landmark', () => {
    setup();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});
