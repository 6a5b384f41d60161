// Ant Design's Thai picker with Buddhist-era years in its header and year panel too: every
// date picker of the app in Thai (orders, menu rounds, surveys).
import thPicker from 'antd/es/date-picker/locale/th_TH';

export const THAI_PICKER = { ...thPicker, lang: { ...thPicker.lang, yearFormat: 'BBBB', cellYearFormat: 'BBBB' } };
