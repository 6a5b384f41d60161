// Ant Design's Thai picker with Buddhist-era years in its header and year panel too (as the
// rounds form of the menus screens).
import thPicker from 'antd/es/date-picker/locale/th_TH';

export const THAI_PICKER = { ...thPicker, lang: { ...thPicker.lang, yearFormat: 'BBBB', cellYearFormat: 'BBBB' } };
