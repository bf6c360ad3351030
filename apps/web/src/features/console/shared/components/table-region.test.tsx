import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TableRegion } from './table-region';

describe('a console table region', () => {
  it('is a named region the keyboard reaches, so a wide table can be scrolled without a mouse', async () => {
    const user = userEvent.setup();
    render(
      <TableRegion label="Reservations">
        <table>
          <tbody>
            <tr>
              <td>SAS-1</td>
            </tr>
          </tbody>
        </table>
      </TableRegion>,
    );
    const region = screen.getByRole('region', { name: 'Reservations' });
    expect(region).toHaveClass('console-table-wrap');
    await user.tab();
    expect(region).toHaveFocus();
  });
});
