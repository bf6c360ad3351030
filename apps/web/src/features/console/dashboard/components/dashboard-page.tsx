import { useState } from 'react';
import { formatCount, formatDollars, type AdminDashboard } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { useDashboard } from '../api/get-dashboard';
import { MonthChart } from './month-chart';
import { Movements } from './movements';
import './dashboard.css';

const allHomes = 'all';

const percent = (value: number) => `${value.toFixed(1)}%`;
const wholeDollars = (value: number) => `$${formatCount(Math.round(value))}`;

function DashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const [homeId, setHomeId] = useState(allHomes);
  const home = dashboard.homes.find((h) => h.id === homeId);
  const months = home?.months ?? dashboard.total;
  const scope = home ? home.name : 'All homes';
  const currentMonth = dashboard.today.slice(0, 7);

  return (
    <>
      <section className="console-panel" aria-labelledby="dashboard-months">
        <div className="dashboard__head">
          <h2 id="dashboard-months">Occupancy and revenue</h2>
          <label className="console-field">
            <span>Home</span>
            <select value={homeId} onChange={(event) => setHomeId(event.target.value)}>
              <option value={allHomes}>All homes</option>
              {dashboard.homes.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name} ({h.propertyId})
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="console-muted">
          The past 12 months, this month and the 11 after it. Occupancy is booked nights over available nights; revenue
          counts each booking&rsquo;s total over its nights.
        </p>
        <div className="dashboard__charts">
          <MonthChart
            title={`Occupancy per month, ${scope}`}
            valueLabel="Occupancy"
            months={months}
            currentMonth={currentMonth}
            value={(stat) => stat.occupancy}
            format={percent}
            axisFormat={(value) => `${value}%`}
            max={100}
          />
          <MonthChart
            title={`Revenue per month, ${scope}`}
            valueLabel="Revenue"
            months={months}
            currentMonth={currentMonth}
            value={(stat) => stat.revenue}
            format={formatDollars}
            axisFormat={wholeDollars}
          />
        </div>
      </section>
      <div className="dashboard__movements">
        <Movements title="Arrivals" movements={dashboard.arrivals} empty="No arrivals in the next 7 days." />
        <Movements title="Departures" movements={dashboard.departures} empty="No departures in the next 7 days." />
      </div>
    </>
  );
}

export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <>
      <h1>Dashboard</h1>
      <QueryState query={dashboard} loading="Loading the dashboard…">
        {(data) => <DashboardView dashboard={data} />}
      </QueryState>
    </>
  );
}
