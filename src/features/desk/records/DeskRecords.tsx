import StaffGate from '../StaffGate';
import RegisterExport from './RegisterExport';
import StockImport from './StockImport';
import CodRemittance from './CodRemittance';

/** /desk/records: the pharmacist's stock import and the Schedule H1 register (both name-bearing or stock-changing, so pharmacists only). */
export default function DeskRecords() {
  return (
    <StaffGate>
      {(staff) => (
        <div className="space-y-10">
          {/* The queue is beside this page in the desk's header. */}
          <h1 className="text-2xl font-bold text-gray-900">Stock and registers</h1>
          {staff.role === 'pharmacist' ? (
            <>
              <StockImport staff={staff} />
              <RegisterExport staff={staff} />
            </>
          ) : (
            <p className="text-gray-700">Only a pharmacist can import stock or export the Schedule H1 register.</p>
          )}
          <CodRemittance staff={staff} />
        </div>
      )}
    </StaffGate>
  );
}
