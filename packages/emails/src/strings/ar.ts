import type { EmailCatalogue } from './en.ts';

// Plural forms: every Intl.PluralRules category of Arabic (zero, one, two, few, many, other).

export const ar: EmailCatalogue = {
  'title.quoted': '«{title}»',
  'header.via': '{sender} عبر {product}',
  'greeting.named': 'مرحبًا {name}،',
  'greeting.anonymous': 'مرحبًا،',
  sequential: 'يُوقَّع هذا المستند بالترتيب، شخصًا بعد آخر.',

  'label.document': 'المستند',
  'label.from': 'من',
  'label.files': 'الملفات',
  'label.signBy': 'التوقيع قبل',
  'label.signers': 'الموقّعون',
  'label.position': 'ترتيبك في التوقيع',
  'label.downloadUntil': 'رابط التنزيل صالح حتى',
  'label.linkFallback': 'لا يعمل الزر؟ انسخ هذا الرابط في متصفحك:',
  'label.messageFrom': 'رسالة من {sender}:',
  'label.declineReason': 'السبب المذكور:',
  'label.cancelReason': 'السبب المذكور:',

  'footer.sentBy': 'أُرسلت بواسطة {product} نيابةً عن {sender}.',
  'footer.unexpected': 'إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
  'footer.participant': 'تصلك هذه الرسالة لأنك مشارك في طلب التوقيع هذا.',
  'footer.copied': 'تصلك هذه الرسالة لأن المرسل أضافك نسخةً في طلب التوقيع هذا.',

  'security.otp': 'حفاظًا على أمانك، سنرسل إليك رمزًا لمرة واحدة عند فتح الرابط.',
  'security.publicLink': 'يمكن لأي شخص لديه هذا الرابط التوقيع باسمك، فلا تُعِد توجيه هذه الرسالة.',

  'invite.subject': 'أرسل إليك {sender} «{title}» للتوقيع',
  'invite.preheader': 'يطلب منك {sender} توقيع «{title}». تنتهي صلاحية الرابط في {expires}.',
  'invite.heading.yourTurn': 'يُرجى المراجعة والتوقيع',
  'invite.heading.waiting': 'طُلب منك التوقيع',
  'invite.intro': 'أرسل إليك {sender} {title} للتوقيع.',
  'invite.firstInOrder': 'أنت أول من يوقّع؛ سيُطلب من الموقّع التالي التوقيع بعد توقيعك.',
  'invite.notYourTurn.zero': 'سيُطلب منك التوقيع قريبًا، وسنراسلك عندما يحين دورك.',
  'invite.notYourTurn.one': 'سيُطلب منك التوقيع بعد شخص واحد آخر، وسنراسلك عندما يحين دورك.',
  'invite.notYourTurn.two': 'سيُطلب منك التوقيع بعد شخصين آخرين، وسنراسلك عندما يحين دورك.',
  'invite.notYourTurn.few': 'سيُطلب منك التوقيع بعد {n} أشخاص آخرين، وسنراسلك عندما يحين دورك.',
  'invite.notYourTurn.many': 'سيُطلب منك التوقيع بعد {n} شخصًا آخرين، وسنراسلك عندما يحين دورك.',
  'invite.notYourTurn.other': 'سيُطلب منك التوقيع بعد {n} شخص آخرين، وسنراسلك عندما يحين دورك.',
  'invite.button': 'المراجعة والتوقيع',
  'invite.buttonWaiting': 'فتح المستند',

  'nextSigner.subject': 'حان دورك لتوقيع «{title}»',
  'nextSigner.preheader': 'وقّع {previous}. يُرجى مراجعة «{title}» وتوقيعه.',
  'nextSigner.heading': 'حان دورك للتوقيع',
  'nextSigner.status': 'وقّع {previous} على {title}. حان الآن دورك للمراجعة والتوقيع.',

  'upcoming.subject': 'سيُطلب منك قريبًا توقيع «{title}»',
  'upcoming.preheader': 'أضافك {sender} موقّعًا رقم {position} من {total}. لا حاجة لأي إجراء الآن.',
  'upcoming.heading': 'اقترب دورك في التوقيع',
  'upcoming.intro': 'طلب منك {sender} توقيع {title}.',
  'upcoming.place': 'أنت الموقّع رقم {position} من {total}.',
  'upcoming.noLinkYet': 'لا شيء مطلوب الآن: سنرسل إليك رابط التوقيع عندما يحين دورك.',
  'upcoming.linkWaits':
    'يمكنك فتح المستند الآن، وستتمكن من التوقيع بعد أن يوقّع من قبلك. سنراسلك عندما يحين دورك.',
  'upcoming.position': '{position} من {total}',

  'signed.subject': 'وقّع {signer} على «{title}»',
  'signed.heading': 'وقّع {signer}',
  'signed.intro': 'وقّع {signer} على {title}.',
  'signed.last': 'كان هذا آخر توقيع. ستتلقى المستند الموقّع قريبًا.',
  'signed.remaining.zero': 'لا يلزم أي توقيع آخر.',
  'signed.remaining.one': 'يلزم توقيع واحد آخر لاكتمال المستند.',
  'signed.remaining.two': 'يلزم توقيعان آخران لاكتمال المستند.',
  'signed.remaining.few': 'تلزم {n} توقيعات أخرى لاكتمال المستند.',
  'signed.remaining.many': 'يلزم {n} توقيعًا آخر لاكتمال المستند.',
  'signed.remaining.other': 'يلزم {n} توقيع آخر لاكتمال المستند.',

  'receipt.subject': 'إيصال توقيعك على «{title}»',
  'receipt.preheader': 'لقد وقّعت. احتفظ بهذه الرسالة: فهي تحدد بدقة ما وقّعت عليه.',
  'receipt.heading': 'لقد وقّعت',
  'receipt.intro': 'وقّعت على {title} في {at}.',
  'receipt.hashes':
    'تجد أدناه قيمة SHA-256 لكل مستند وقّعته ولحدث توقيعك في سجل التدقيق. وتذكر شهادة ملف PDF الموقّع القيم نفسها، ليتمكن أي شخص من مطابقتها.',
  'receipt.eventLabel': 'حدث توقيعك (SHA-256)',

  'completed.subject': 'مكتمل: وقّع الجميع على «{title}»',
  'completed.preheader.attached': 'وقّع الجميع. ملف PDF الموقّع مرفق.',
  'completed.preheader.link': 'وقّع الجميع. نزّل ملف PDF الموقّع.',
  'completed.heading': 'وقّع الجميع',
  'completed.intro': 'وقّع جميع الموقّعين على {title} المرسل من {sender}.',
  'completed.attached': 'ملف PDF الموقّع مرفق بهذه الرسالة. احتفظ به، ويمكنك أيضًا تنزيله من هنا:',
  'completed.notAttached': 'نزّل ملف PDF الموقّع واحتفظ به:',
  'completed.attachedOnly': 'ملف PDF الموقّع مرفق بهذه الرسالة. احتفظ به.',
  'completed.button': 'تنزيل ملف PDF الموقّع',

  'ccCopy.subject': 'نسخة: «{title}» من {sender}',
  'ccCopy.preheader': 'أضافك {sender} نسخةً في «{title}». لا يلزمك توقيع أي شيء.',
  'ccCopy.heading': 'أُضفت نسخةً في طلب توقيع',
  'ccCopy.intro': 'أرسل {sender} {title} إلى {signers} للتوقيع، وأضافك نسخةً للاطلاع.',
  'ccCopy.nothingToDo': 'لا يلزمك توقيع أي شيء. عندما يوقّع الجميع، سنرسل إليك المستند الموقّع.',

  'declined.subject': 'رفض {decliner} توقيع «{title}»',
  'declined.preheader': 'رفض {decliner} التوقيع. أُغلق الطلب.',
  'declined.heading': 'رُفض التوقيع',
  'declined.intro': 'رفض {decliner} توقيع {title}.',
  'declined.closed': 'أُغلق طلب التوقيع ولم تعد روابطه تعمل. لا يلزمك أي إجراء آخر.',

  'cancelled.subject': 'أُلغي: «{title}»',
  'cancelled.preheader': 'ألغى {sender} طلب التوقيع هذا.',
  'cancelled.heading': 'أُلغي طلب التوقيع',
  'cancelled.intro': 'ألغى {sender} طلب توقيع {title}.',
  'cancelled.closed': 'لم يعد رابط التوقيع يعمل، ولا يلزمك أي إجراء آخر.',

  'reminder.subject': 'تذكير: يُرجى توقيع «{title}»',
  'reminder.preheader': 'ينتظر {sender} توقيعك. {left}',
  'reminder.heading': 'ما زال توقيعك مطلوبًا',
  'reminder.intro': 'ينتظر {sender} أن توقّع على {title}.',
  'reminder.lessThanADay': 'تنتهي صلاحية الطلب خلال أقل من يوم، في {expires}.',
  'reminder.left.zero': 'تنتهي صلاحية الطلب في {expires}.',
  'reminder.left.one': 'تنتهي صلاحية الطلب خلال يوم واحد، في {expires}.',
  'reminder.left.two': 'تنتهي صلاحية الطلب خلال يومين، في {expires}.',
  'reminder.left.few': 'تنتهي صلاحية الطلب خلال {n} أيام، في {expires}.',
  'reminder.left.many': 'تنتهي صلاحية الطلب خلال {n} يومًا، في {expires}.',
  'reminder.left.other': 'تنتهي صلاحية الطلب خلال {n} يوم، في {expires}.',
  'reminder.button': 'المراجعة والتوقيع',

  'otpCode.subject': 'رمز التحقق الخاص بك لـ«{title}»',
  'otpCode.preheader.zero': 'استخدمه فورًا. لا تشاركه أبدًا.',
  'otpCode.preheader.one': 'استخدمه خلال دقيقة واحدة. لا تشاركه أبدًا.',
  'otpCode.preheader.two': 'استخدمه خلال دقيقتين. لا تشاركه أبدًا.',
  'otpCode.preheader.few': 'استخدمه خلال {n} دقائق. لا تشاركه أبدًا.',
  'otpCode.preheader.many': 'استخدمه خلال {n} دقيقة. لا تشاركه أبدًا.',
  'otpCode.preheader.other': 'استخدمه خلال {n} دقيقة. لا تشاركه أبدًا.',
  'otpCode.heading': 'رمز التحقق الخاص بك',
  'otpCode.intro': 'أدخل هذا الرمز لفتح {title} من {sender}:',
  'otpCode.validity.zero': 'يعمل الرمز مرة واحدة. إذا انتهت صلاحيته، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.validity.one':
    'يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال دقيقة واحدة. إذا انتهت، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.validity.two':
    'يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال دقيقتين. إذا انتهت، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.validity.few':
    'يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال {n} دقائق. إذا انتهت، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.validity.many':
    'يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال {n} دقيقة. إذا انتهت، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.validity.other':
    'يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال {n} دقيقة. إذا انتهت، اطلب رمزًا جديدًا من صفحة التوقيع.',
  'otpCode.warning':
    'لا تشارك هذا الرمز مع أي شخص. إذا لم تكن تحاول فتح هذا المستند الآن، فتجاهل هذه الرسالة: لا يمكن لأحد التوقيع باسمك دون الرمز.',
};
